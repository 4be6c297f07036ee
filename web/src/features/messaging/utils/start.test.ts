import { describe, expect, it } from 'vitest';
import { startFromParams } from './start';

describe('startFromParams', () => {
  it('opens at a linked message, itself included', () => {
    expect(startFromParams(new URLSearchParams('msg=abc&ts=1700000000000'))).toEqual({
      ts: 1700000000000,
      msgid: 'abc',
      inclusive: true,
    });
  });

  it('opens a chosen day at its end (the next midnight, local time)', () => {
    const next = new Date('2026-03-02T00:00:00').getTime();
    expect(startFromParams(new URLSearchParams('date=2026-03-01'))).toEqual({ ts: next });
  });

  it('opens at the newest message otherwise, and ignores nonsense', () => {
    expect(startFromParams(new URLSearchParams(''))).toBeUndefined();
    expect(startFromParams(new URLSearchParams('msg=abc&ts=soon'))).toBeUndefined();
    expect(startFromParams(new URLSearchParams('date=tomorrow'))).toBeUndefined();
  });
});
