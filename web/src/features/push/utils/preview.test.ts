import { describe, expect, it } from 'vitest';
import { contentSummary, payloadVariants } from './content';
import { androidPreview, iosPreview, previewVendors } from './preview';

describe('previews come from the payload that is sent', () => {
  it('shows the defaults on both platforms', () => {
    const data = { alert: 'Half price', title: 'Sale', badge: 2, sound: 'ping.caf' };
    expect(iosPreview(data)).toEqual({
      title: 'Sale',
      subtitle: undefined,
      body: 'Half price',
      badge: 2,
      sound: 'ping.caf',
      silent: false,
    });
    expect(androidPreview(data)).toEqual({ title: 'Sale', body: 'Half price', silent: false });
  });

  it('applies the ios and android overrides, and a vendor object over android', () => {
    const data = {
      alert: 'default',
      ios: { alert: { title: 'T', subtitle: 'S', body: 'iOS body' }, badge: 'Increment' },
      android: { alert: 'Android body', title: 'A' },
      mi: { alert: 'Xiaomi body' },
    };
    expect(iosPreview(data)).toMatchObject({
      title: 'T',
      subtitle: 'S',
      body: 'iOS body',
      badge: 'Increment',
    });
    expect(androidPreview(data)).toMatchObject({ title: 'A', body: 'Android body' });
    expect(androidPreview(data, 'mi')).toMatchObject({ title: 'A', body: 'Xiaomi body' });
  });

  it('reads the gateway-native aps form', () => {
    expect(iosPreview({ aps: { alert: 'from aps', badge: 5, 'content-available': 1 } })).toMatchObject({
      body: 'from aps',
      badge: 5,
      silent: false,
    });
    expect(iosPreview({ aps: { 'content-available': 1 } }).silent).toBe(true);
  });

  it('never leaves a record content empty, per-platform payloads included', () => {
    expect(contentSummary({ alert: 'hi', title: 'T' })).toBe('T: hi');
    expect(contentSummary({ ios: { alert: 'a' }, android: { alert: 'b' } })).toBe('iOS: a / Android: b');
    expect(contentSummary({ orderId: 7 })).toBe('{"orderId":7}');
    expect(payloadVariants({ alert: 'x', ios: { badge: 1 }, android: { alert: 'y' } })).toEqual([
      { name: 'default', payload: { alert: 'x' } },
      { name: 'ios', payload: { badge: 1 } },
      { name: 'android', payload: { alert: 'y' } },
    ]);
  });

  it('lists the vendors with an object of their own, for a preview each', () => {
    expect(previewVendors({ alert: 'a', mi: { alert: 'b' }, fcm: { title: 'c' }, vivo: 'x' })).toEqual([
      'mi',
      'fcm',
    ]);
  });
});
