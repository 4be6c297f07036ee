import { isPlainObject } from '@switchboard/shared';

// The privacy fuzz's model of Doc 1 User and read-policy.ts, over the JSON a request sends: which
// requests a caller without the master key must be refused.

const HIDDEN = ['authData', 'password', 'sessionToken', 'salt'];

/** What one generated request reads. */
export interface Read {
  className: string;
  where: Record<string, unknown>;
  /** Whether the request finds objects of className (a query) or writes one (a conditional write). */
  finds: boolean;
  order?: string;
}

/** The classes a where finds and the [class, field] pairs it filters or selects on (as the server reads it). */
function readsOf(className: string, w: unknown, out: { classes: string[]; fields: [string, string][] }) {
  if (!isPlainObject(w)) return out;
  for (const [k, v] of Object.entries(w)) {
    if ((k === '$or' || k === '$and') && Array.isArray(v)) v.forEach((b) => readsOf(className, b, out));
    if (k.startsWith('$')) continue;
    out.fields.push([className, k]);
    if (!isPlainObject(v)) continue;
    for (const [op, arg] of Object.entries(v)) {
      const select = op === '$select' || op === '$dontSelect';
      const q = select && isPlainObject(arg) ? arg.query : arg;
      if (!['$inQuery', '$notInQuery', '$select', '$dontSelect'].includes(op) || !isPlainObject(q)) continue;
      const cls = String(q.className);
      out.classes.push(cls);
      if (select && isPlainObject(arg)) out.fields.push([cls, String(arg.key)]);
      readsOf(cls, q.where, out);
    }
  }
  return out;
}

/** Doc 1 User and read-policy.ts: what a caller without the master key may not query. */
export function refused(r: Read, open: boolean): boolean {
  const reads = readsOf(r.className, r.where, { classes: r.finds ? [r.className] : [], fields: [] });
  for (const f of (r.order ?? '').split(',')) reads.fields.push([r.className, f.replace(/^-/, '')]);
  if (!open && reads.classes.includes('_User')) return true;
  return reads.fields.some(([cls, f]) => cls === '_User' && HIDDEN.includes(f.split('.')[0] ?? ''));
}
