import { isPlainObject } from '@switchboard/shared';

/** Doc 1 Query `keys`: comma-separated fields, dots for sub-properties, a leading `-` excludes. */
export interface KeySelection {
  include: string[][] | undefined;
  exclude: string[][];
}

const ALWAYS = new Set(['objectId', 'createdAt', 'updatedAt']);

export function parseKeys(raw: string | undefined): KeySelection {
  const parts = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const include = parts.filter((k) => !k.startsWith('-')).map((k) => k.split('.'));
  const exclude = parts.filter((k) => k.startsWith('-')).map((k) => k.slice(1).split('.'));
  return { include: include.length ? include : undefined, exclude };
}

function pick(src: Record<string, unknown>, dst: Record<string, unknown>, path: string[]): void {
  const [head, ...rest] = path;
  if (head === undefined || !(head in src)) return;
  const value = src[head];
  if (rest.length === 0 || !isPlainObject(value)) {
    if (rest.length === 0) dst[head] = value;
    return;
  }
  const existing = dst[head];
  const child = isPlainObject(existing) ? existing : {};
  pick(value, child, rest);
  dst[head] = child;
}

function drop(obj: Record<string, unknown>, path: string[]): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length === 0) {
    delete obj[head];
    return;
  }
  const child = obj[head];
  if (isPlainObject(child)) {
    const copy = { ...child };
    drop(copy, rest);
    obj[head] = copy;
  }
}

/** Applies a key selection to an API object; objectId, createdAt and updatedAt always stay. */
export function project(obj: Record<string, unknown>, sel: KeySelection): Record<string, unknown> {
  let out: Record<string, unknown>;
  if (sel.include) {
    out = {};
    for (const path of sel.include) pick(obj, out, path);
    for (const k of ALWAYS) if (k in obj) out[k] = obj[k];
    if ('ACL' in obj) out.ACL = obj.ACL;
  } else {
    out = { ...obj };
  }
  for (const path of sel.exclude) if (!ALWAYS.has(path[0] ?? '')) drop(out, path);
  return out;
}
