/** One field of an object before and after a change. */
export interface FieldChange {
  field: string;
  kind: 'added' | 'removed' | 'changed' | 'unchanged';
  before?: unknown;
  after?: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep equality for JSON values; key order does not matter. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && sameJson(a[k], b[k]));
  }
  return false;
}

/**
 * Field-by-field comparison of the object an audit entry recorded before and after the action,
 * sorted by field name. A missing side (a creation or a deletion) counts as the empty object;
 * a value that is not an object is compared as a single field named "".
 */
export function diffObjects(before: unknown, after: unknown): FieldChange[] {
  const from = isRecord(before) ? before : before == null ? {} : { '': before };
  const to = isRecord(after) ? after : after == null ? {} : { '': after };
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])].sort();
  return fields.map((field): FieldChange => {
    const inFrom = Object.hasOwn(from, field);
    const inTo = Object.hasOwn(to, field);
    if (!inFrom) return { field, kind: 'added', after: to[field] };
    if (!inTo) return { field, kind: 'removed', before: from[field] };
    const kind = sameJson(from[field], to[field]) ? 'unchanged' : 'changed';
    return { field, kind, before: from[field], after: to[field] };
  });
}

/** A value as one line of text for the diff table. */
export function showValue(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
