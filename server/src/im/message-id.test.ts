import { describe, expect, it } from 'vitest';
import { newMessageId } from './messages';

describe('message ids', () => {
  it('are 22 url-safe characters that sort (byte order) as their creation times', () => {
    const times = [0, 1, 63, 64, 1_700_000_000_000, 1_700_000_000_001, 1_800_000_000_000, 2 ** 47];
    const ids = times.map((t) => newMessageId(t));
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const byteOrder = [...ids].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(byteOrder).toEqual(ids);
    expect(new Set(Array.from({ length: 1000 }, () => newMessageId(5))).size).toBe(1000);
  });
});
