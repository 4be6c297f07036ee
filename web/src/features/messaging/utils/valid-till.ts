/** Doc 3: a global broadcast is valid at most one calendar month ahead (the same day next month). */
export function latestValidTill(now: Date): Date {
  const t = new Date(now.getTime());
  t.setUTCMonth(t.getUTCMonth() + 1);
  return t;
}

/** A `datetime-local` value (read in the browser's zone) as epoch ms, or a problem key. */
export function parseValidTill(
  value: string,
  now: Date,
): { ok: true; ms?: number } | { ok: false; problem: 'past' | 'tooLate' | 'invalid' } {
  if (!value) return { ok: true };
  const ms = new Date(value).getTime();
  if (!Number.isFinite(ms)) return { ok: false, problem: 'invalid' };
  if (ms <= now.getTime()) return { ok: false, problem: 'past' };
  if (ms > latestValidTill(now).getTime()) return { ok: false, problem: 'tooLate' };
  return { ok: true, ms };
}
