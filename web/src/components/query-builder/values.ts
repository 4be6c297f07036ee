import type { FieldType } from '@switchboard/shared';

/** What is wrong with a typed value: an i18n key under query.errors. */
export type ValueError =
  | 'number'
  | 'date'
  | 'json'
  | 'list'
  | 'listItem.number'
  | 'listItem.string'
  | 'listItem.date'
  | 'listItem.pointer';

/** A value typed into the builder: what to send, or what is wrong with it (with the message's values). */
export type Parsed =
  { ok: true; value: unknown } | { ok: false; error: ValueError; params?: Record<string, string | number> };

/** `datetime-local` text (taken as UTC) of a Date value. */
export function dateText(value: unknown): string {
  const iso = (value as { iso?: unknown } | null)?.iso;
  return typeof iso === 'string' ? iso.slice(0, 23).replace(/Z$/, '') : '';
}

export function parseDate(text: string): Parsed {
  const ms = Date.parse(`${text}Z`);
  return Number.isNaN(ms) || text === ''
    ? { ok: false, error: 'date' }
    : { ok: true, value: { __type: 'Date', iso: new Date(ms).toISOString() } };
}

export function parseNumber(text: string): Parsed {
  const n = Number(text);
  return text.trim() === '' || !Number.isFinite(n) ? { ok: false, error: 'number' } : { ok: true, value: n };
}

export function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, error: 'json' };
  }
}

export function parseList(text: string): Parsed {
  const r = parseJson(text);
  return r.ok && !Array.isArray(r.value) ? { ok: false, error: 'list' } : r;
}

/** How a scalar value of this field type is typed in a text box. */
export type TextKind = 'text' | 'number' | 'date' | 'json';

export function textKind(type: FieldType | undefined): TextKind {
  if (type === 'Number') return 'number';
  if (type === 'Date') return 'date';
  if (type === 'String' || type === 'Array') return 'text';
  return 'json';
}

export function toText(kind: TextKind, value: unknown): string {
  if (kind === 'date') return dateText(value);
  if (kind === 'json') return JSON.stringify(value);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

export function fromText(kind: TextKind, text: string): Parsed {
  if (kind === 'number') return parseNumber(text);
  if (kind === 'date') return parseDate(text);
  if (kind === 'json') return parseJson(text);
  return { ok: true, value: text };
}
