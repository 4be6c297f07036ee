import { encodedTypeOf, isPlainObject } from '@switchboard/shared';
import type { FieldType } from '@switchboard/shared';

/** Longer text is cut in the cell (the full value stays in its tooltip) to keep the grid light. */
export const MAX_CELL_CHARS = 120;

/** What one grid cell shows; the component turns it into elements and translated words. */
export type CellView =
  | { kind: 'missing' }
  | { kind: 'null' }
  | { kind: 'string'; text: string; full?: string }
  | { kind: 'number'; text: string }
  | { kind: 'boolean'; text: 'true' | 'false' }
  | { kind: 'date'; local: string; utc: string }
  | { kind: 'pointer'; className: string; objectId: string }
  | { kind: 'file'; id: string; name?: string }
  | { kind: 'geopoint'; text: string }
  | { kind: 'bytes'; size: number }
  | { kind: 'relation'; className: string }
  | { kind: 'json'; text: string; full?: string };

/** Cut by code points so a cut never splits an emoji or other surrogate pair. */
export function truncate(text: string, max = MAX_CELL_CHARS): { text: string; full?: string } {
  const chars = Array.from(text);
  if (chars.length <= max) return { text };
  return { text: `${chars.slice(0, max - 1).join('')}…`, full: text };
}

const localFormats = new Map<string, Intl.DateTimeFormat>();

function localFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = localFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    localFormats.set(key, format);
  }
  return format;
}

/**
 * A timestamp as `YYYY-MM-DD HH:mm:ss` in the viewer's time zone (or `timeZone`), which sorts and
 * compares at a glance in any language, plus the exact UTC instant with milliseconds.
 */
export function formatDate(iso: string, timeZone?: string): { local: string; utc: string } | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  const parts = Object.fromEntries(
    localFormat(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const local = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
  const utc = `${date.toISOString().replace('T', ' ').replace('Z', '')} UTC`;
  return { local, utc };
}

/** Decoded length of standard base64, without decoding it. */
export function base64Size(base64: string): number {
  const clean = base64.replace(/=+$/, '');
  return Math.floor((clean.length * 3) / 4);
}

export function compactJson(value: unknown): { text: string; full?: string } {
  const text = JSON.stringify(value) ?? String(value);
  const cut = truncate(text);
  return cut.full === undefined ? cut : { text: cut.text, full: JSON.stringify(value, null, 2) };
}

function formatEncoded(value: Record<string, unknown>): CellView | undefined {
  switch (encodedTypeOf(value)) {
    case 'Date':
      return typeof value.iso === 'string' ? dateView(value.iso) : undefined;
    case 'Pointer':
      return pointerView(value);
    case 'File': {
      const id = typeof value.id === 'string' ? value.id : value.objectId;
      if (typeof id !== 'string') return undefined;
      return typeof value.name === 'string' ? { kind: 'file', id, name: value.name } : { kind: 'file', id };
    }
    case 'GeoPoint':
      return typeof value.latitude === 'number' && typeof value.longitude === 'number'
        ? { kind: 'geopoint', text: `${value.latitude}, ${value.longitude}` }
        : undefined;
    case 'Bytes':
      return typeof value.base64 === 'string' ? { kind: 'bytes', size: base64Size(value.base64) } : undefined;
    case 'Relation':
      return typeof value.className === 'string'
        ? { kind: 'relation', className: value.className }
        : undefined;
    case undefined:
      // An included pointer comes back as the whole object, marked {__type: 'Object', className}.
      return value.__type === 'Object' ? pointerView(value) : undefined;
  }
}

function dateView(iso: string): CellView | undefined {
  const date = formatDate(iso);
  return date && { kind: 'date', ...date };
}

function pointerView(value: Record<string, unknown>): CellView | undefined {
  const { className, objectId } = value;
  return typeof className === 'string' && typeof objectId === 'string'
    ? { kind: 'pointer', className, objectId }
    : undefined;
}

/**
 * How a stored value shows in the grid. `undefined` is a field the object does not have, which
 * differs from a stored null. The column type matters only where the encoding does not say it:
 * createdAt and updatedAt are plain ISO strings in a Date column.
 */
export function formatCell(value: unknown, columnType?: FieldType): CellView {
  if (value === undefined) return { kind: 'missing' };
  if (value === null) return { kind: 'null' };
  if (typeof value === 'string') {
    const asDate = columnType === 'Date' ? dateView(value) : undefined;
    return asDate ?? { kind: 'string', ...truncate(value) };
  }
  if (typeof value === 'number') return { kind: 'number', text: String(value) };
  if (typeof value === 'boolean') return { kind: 'boolean', text: value ? 'true' : 'false' };
  const encoded = isPlainObject(value) ? formatEncoded(value) : undefined;
  return encoded ?? { kind: 'json', ...compactJson(value) };
}
