import { encodedTypeOf, isPlainObject } from '@switchboard/shared';
import type { FieldType } from '@switchboard/shared';
import { browserTimeZone, formatInZone } from '../../../lib/time-zone';

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
  | { kind: 'file'; id: string; name?: string; url?: string; image?: boolean }
  | { kind: 'geopoint'; text: string }
  | { kind: 'bytes'; size: number }
  | { kind: 'relation'; className: string }
  /** What the server enforces for an object with no ACL (anyone) or an empty one (master key only). */
  | { kind: 'aclNote'; note: 'none' | 'public' | 'masterOnly' }
  | { kind: 'json'; text: string; full?: string };

/** Cut by code points so a cut never splits an emoji or other surrogate pair. */
export function truncate(text: string, max = MAX_CELL_CHARS): { text: string; full?: string } {
  const chars = Array.from(text);
  if (chars.length <= max) return { text };
  return { text: `${chars.slice(0, max - 1).join('')}…`, full: text };
}

/**
 * A timestamp as `YYYY-MM-DD HH:mm:ss` in the viewer's time zone (or `timeZone`), plus the exact
 * UTC instant with milliseconds.
 */
export function formatDate(iso: string, timeZone?: string): { local: string; utc: string } | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  const local = formatInZone(date, timeZone ?? browserTimeZone()).text;
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

function formatEncoded(value: Record<string, unknown>, timeZone?: string): CellView | undefined {
  switch (encodedTypeOf(value)) {
    case 'Date':
      return typeof value.iso === 'string' ? dateView(value.iso, timeZone) : undefined;
    case 'Pointer':
      return pointerView(value);
    case 'File':
      return fileView(value);
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

const IMAGE_EXT = /\.(png|jpe?g|gif|webp|avif|bmp|svg)$/i;

/** Whether a file record is an image, by its mime type or, lacking one, its name. */
export function isImageFile(value: Record<string, unknown>): boolean {
  const meta = isPlainObject(value.metaData) ? value.metaData : {};
  const mime = [value.mime_type, value.mimeType, meta.mime_type].find((m) => typeof m === 'string');
  if (typeof mime === 'string') return mime.toLowerCase().startsWith('image/');
  return typeof value.name === 'string' && IMAGE_EXT.test(value.name);
}

function fileView(value: Record<string, unknown>): CellView | undefined {
  const id = typeof value.id === 'string' ? value.id : value.objectId;
  if (typeof id !== 'string') return undefined;
  const view: CellView & { kind: 'file' } = { kind: 'file', id };
  if (typeof value.name === 'string') view.name = value.name;
  // Only web links: a stored "javascript:" URL must never become a clickable link.
  if (typeof value.url === 'string' && /^https?:\/\//i.test(value.url)) {
    view.url = value.url;
    view.image = isImageFile(value);
  }
  return view;
}

function dateView(iso: string, timeZone?: string): CellView | undefined {
  const date = formatDate(iso, timeZone);
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
 * createdAt and updatedAt are plain ISO strings in a Date column. Dates show in `timeZone` (the
 * person's chosen zone), the browser's when none is given. An ACL column says what an object
 * without an ACL, or with an empty one, lets others do, since a blank cell would look private.
 */
/** Exactly `{"*": {"read": true, "write": true}}`: anyone may read and write, nobody else named. */
function isPublicReadWrite(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  const pub = value['*'];
  return (
    keys.length === 1 &&
    isPlainObject(pub) &&
    pub.read === true &&
    pub.write === true &&
    Object.keys(pub).length === 2
  );
}

export function formatCell(value: unknown, columnType?: FieldType, timeZone?: string): CellView {
  if (columnType === 'ACL') {
    if (value === undefined || value === null) return { kind: 'aclNote', note: 'none' };
    if (isPlainObject(value) && Object.keys(value).length === 0)
      return { kind: 'aclNote', note: 'masterOnly' };
    // What LeanCloud and our server answer with returnACL for an object stored without an ACL.
    if (isPublicReadWrite(value)) return { kind: 'aclNote', note: 'public' };
  }
  if (value === undefined) return { kind: 'missing' };
  if (value === null) return { kind: 'null' };
  if (typeof value === 'string') {
    const asDate = columnType === 'Date' ? dateView(value, timeZone) : undefined;
    return asDate ?? { kind: 'string', ...truncate(value) };
  }
  if (typeof value === 'number') return { kind: 'number', text: String(value) };
  if (typeof value === 'boolean') return { kind: 'boolean', text: value ? 'true' : 'false' };
  const encoded = isPlainObject(value) ? formatEncoded(value, timeZone) : undefined;
  return encoded ?? { kind: 'json', ...compactJson(value) };
}
