import { describe, expect, it } from 'vitest';
import { latestValidTill, parseValidTill } from './valid-till';

const now = new Date('2026-01-31T12:00:00Z');

describe('valid_till', () => {
  it('allows up to the same day next month, as the server does', () => {
    expect(latestValidTill(new Date('2026-03-15T00:00:00Z')).toISOString()).toBe('2026-04-15T00:00:00.000Z');
    expect(parseValidTill('', now)).toEqual({ ok: true });
    expect(parseValidTill('2026-02-10T12:00:00Z', now)).toEqual({
      ok: true,
      ms: Date.parse('2026-02-10T12:00:00Z'),
    });
  });

  it('refuses the past, more than a month ahead, and nonsense', () => {
    expect(parseValidTill('2026-01-01T00:00:00Z', now)).toEqual({ ok: false, problem: 'past' });
    expect(parseValidTill('2026-06-01T00:00:00Z', now)).toEqual({ ok: false, problem: 'tooLate' });
    expect(parseValidTill('soon', now)).toEqual({ ok: false, problem: 'invalid' });
  });
});
