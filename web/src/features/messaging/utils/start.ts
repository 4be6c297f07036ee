import type { Cursor } from '../api/history';

/**
 * Where the history opens, from the page's URL: at a linked message (`msg` + `ts`, the message
 * itself included), before the end of a chosen day (`date`, YYYY-MM-DD in the reader's zone), or
 * at the newest message.
 */
export function startFromParams(p: URLSearchParams): Cursor | undefined {
  const msg = p.get('msg');
  const ts = Number(p.get('ts'));
  if (msg && Number.isSafeInteger(ts) && ts > 0) return { ts, msgid: msg, inclusive: true };
  const date = p.get('date');
  if (date && /^\d{4}-\d{2}-\d{2}$/.test(date)) {
    const end = new Date(`${date}T00:00:00`);
    end.setDate(end.getDate() + 1);
    if (Number.isFinite(end.getTime())) return { ts: end.getTime() };
  }
  return undefined;
}
