import { describe, expect, it } from 'vitest';
import { noOptions, optionParams } from './options';

describe('delivery options', () => {
  it('adds the Android notification channel, a relative or absolute expiry, and flow control', () => {
    expect(optionParams(noOptions(), 'UTC')).toEqual({ params: {}, problems: [] });
    const after = optionParams(
      {
        ...noOptions(),
        notificationChannel: ' promo ',
        expiry: 'after',
        expiryHours: '1.5',
        flowControl: '2000',
      },
      'UTC',
    );
    expect(after).toEqual({
      params: { _notificationChannel: 'promo', expiration_interval: 5400, flow_control: 2000 },
      problems: [],
    });
    const at = optionParams(
      { ...noOptions(), expiry: 'at', expiryDate: '2030-01-02', expiryTime: '08:00' },
      'Asia/Tokyo',
    );
    expect(at.params).toEqual({ expiration_time: '2030-01-01T23:00:00.000Z' });
  });

  it('says what is wrong with an expiry or a flow control under 1000', () => {
    const bad = optionParams(
      { ...noOptions(), expiry: 'after', expiryHours: 'soon', flowControl: '999' },
      'UTC',
    );
    expect(bad.params).toEqual({});
    expect(bad.problems.map((p) => p.field)).toEqual(['expiry', 'flowControl']);
    const noDate = optionParams({ ...noOptions(), expiry: 'at' }, 'UTC');
    expect(noDate.problems).toEqual([
      { field: 'expiry', message: 'Enter the date and time the push expires.' },
    ]);
  });
});
