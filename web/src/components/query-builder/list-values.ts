import { isPlainObject } from '@switchboard/shared';
import type { FieldType } from '@switchboard/shared';
import type { Parsed } from './values';

/** What each item of a list must be, by the field's type; undefined: any JSON value. */
export type ItemKind = 'number' | 'string' | 'date' | 'pointer';

export function itemKind(type: FieldType | undefined): ItemKind | undefined {
  if (type === 'Number') return 'number';
  if (type === 'String') return 'string';
  if (type === 'Date') return 'date';
  if (type === 'Pointer') return 'pointer';
  // Arrays, objects and untyped fields may hold anything; the API compares values as given.
  return undefined;
}

const isIso = (s: string) => /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s));

/**
 * One item in the API encoding, or undefined when it does not fit. A date may be typed as ISO text
 * and a pointer as its objectId (the schema names the class): both are what a person means.
 */
function readItem(item: unknown, kind: ItemKind, className: string | undefined): unknown {
  switch (kind) {
    case 'number':
      return typeof item === 'number' && Number.isFinite(item) ? item : undefined;
    case 'string':
      return typeof item === 'string' ? item : undefined;
    case 'date': {
      if (typeof item === 'string')
        return isIso(item) ? { __type: 'Date', iso: new Date(item).toISOString() } : undefined;
      const ok =
        isPlainObject(item) && item.__type === 'Date' && typeof item.iso === 'string' && isIso(item.iso);
      return ok ? item : undefined;
    }
    case 'pointer': {
      if (typeof item === 'string' && className && /^[A-Za-z0-9_-]+$/.test(item))
        return { __type: 'Pointer', className, objectId: item };
      const ok =
        isPlainObject(item) &&
        item.__type === 'Pointer' &&
        typeof item.objectId === 'string' &&
        item.objectId !== '' &&
        typeof item.className === 'string' &&
        (className === undefined || item.className === className);
      return ok ? item : undefined;
    }
  }
}

/**
 * The text of a list operator ($in, $nin, $all) as a JSON array whose items fit the field's type.
 * null is allowed in any list (it matches a missing value). The error names the first item that
 * does not fit, counted from 1 as a person counts.
 */
export function parseTypedList(text: string, type: FieldType | undefined, className?: string): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return { ok: false, error: 'list' };
  }
  if (!Array.isArray(value)) return { ok: false, error: 'list' };
  const kind = itemKind(type);
  if (!kind) return { ok: true, value };
  const out: unknown[] = [];
  for (const [i, item] of value.entries()) {
    const read = item === null ? null : readItem(item, kind, className);
    if (read === undefined) {
      const error = `listItem.${kind}` as const;
      return { ok: false, error, params: { n: i + 1, className: className ?? '' } };
    }
    out.push(read);
  }
  return { ok: true, value: out };
}
