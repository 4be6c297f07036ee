/** Which clock a date-time input is read in: the operator's own, or UTC. */
export type Zone = 'local' | 'utc';

const INPUT_RE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * A date-time input's text (`YYYY-MM-DDTHH:mm[:ss[.sss]]`) as an ISO instant, read in the chosen
 * zone. An input without a zone is ambiguous; the operator says which they meant.
 */
export function inputToIso(text: string, zone: Zone): string | undefined {
  const m = INPUT_RE.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s = '0', ms = '0'] = m.slice(1).map((part) => part ?? '0');
  const parts = [
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h),
    Number(mi),
    Number(s),
    Number(ms.padEnd(3, '0')),
  ] as const;
  const time = zone === 'utc' ? Date.UTC(...parts) : new Date(...parts).getTime();
  if (Number.isNaN(time)) return undefined;
  const date = new Date(time);
  // Date rolls 2024-02-31 over to March; an input that does not name a real moment is refused.
  const check = zone === 'utc' ? [date.getUTCMonth(), date.getUTCDate()] : [date.getMonth(), date.getDate()];
  if (check[0] !== parts[1] || check[1] !== parts[2]) return undefined;
  return date.toISOString();
}

/** An ISO instant as a date-time input's text in the chosen zone. */
export function isoToInput(iso: string, zone: Zone): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const utc = zone === 'utc';
  const y = utc ? date.getUTCFullYear() : date.getFullYear();
  const mo = (utc ? date.getUTCMonth() : date.getMonth()) + 1;
  const d = utc ? date.getUTCDate() : date.getDate();
  const h = utc ? date.getUTCHours() : date.getHours();
  const mi = utc ? date.getUTCMinutes() : date.getMinutes();
  const s = utc ? date.getUTCSeconds() : date.getSeconds();
  const ms = utc ? date.getUTCMilliseconds() : date.getMilliseconds();
  // The shortest form that keeps the instant, as browsers normalize a date-time input's value.
  const seconds = s === 0 && ms === 0 ? '' : `:${pad(s)}${ms === 0 ? '' : `.${pad(ms, 3)}`}`;
  return `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}${seconds}`;
}
