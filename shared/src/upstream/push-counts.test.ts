import { describe, expect, it } from 'vitest';
import { SUCCESS_CHANNELS, SUCCESS_FIELDS, successesByChannel } from './push';

describe('push record per-channel counts', () => {
  it('names every channel counter as LeanCloud records do', () => {
    expect(SUCCESS_CHANNELS.map((c) => SUCCESS_FIELDS[c])).toEqual([
      'lcSuccesses',
      'iosSuccesses',
      'fcmSuccesses',
      'hmsSuccesses',
      'miSuccesses',
      'meizuSuccesses',
      'oppoSuccesses',
      'vivoSuccesses',
      'honorSuccesses',
    ]);
  });

  it('lists the channels with successes, in channel order, skipping zeros and non-numbers', () => {
    expect(
      successesByChannel({
        iosSuccesses: 3,
        lcSuccesses: 0,
        meizuSuccesses: 2,
        fcmSuccesses: '7',
        successes: 5,
      }),
    ).toEqual([
      { channel: 'ios', count: 3 },
      { channel: 'mz', count: 2 },
    ]);
    expect(successesByChannel({})).toEqual([]);
  });
});
