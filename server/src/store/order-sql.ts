import { LcCode } from '@switchboard/shared';
import { badRequest } from '../http/errors';
import type { ClassFields } from './classes';
import { fieldRef, orderExprs } from './fields';

const FIELD_RE = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;

export interface OrderTerm {
  exprs: string[];
  desc: boolean;
}

/**
 * Doc 1 Query `order`: comma-separated fields, `-` for descending. Missing values sort first
 * ascending and last descending, as LeanCloud's store did. Returns undefined without `order`.
 */
export function parseOrder(
  raw: string | undefined,
  fields: ClassFields | undefined,
): OrderTerm[] | undefined {
  const parts = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length === 0) return undefined;
  return parts.map((part) => {
    const desc = part.startsWith('-');
    const field = desc ? part.slice(1) : part;
    if (!FIELD_RE.test(field))
      throw badRequest(LcCode.InvalidParameter, `Cannot order by "${part}": not a field name.`);
    return { exprs: orderExprs(fieldRef(field, fields)), desc };
  });
}

/** Columns that are never NULL: a NULLS clause on them would only stop their indexes serving. */
const NOT_NULL = new Set(['id', 'created_at', 'updated_at']);

/**
 * ORDER BY text; `id` breaks ties so pages are stable. On createdAt / updatedAt / objectId the
 * terms are plain ASC / DESC and the tie-break runs the same way as the last term, so that
 * `created_at DESC, id DESC` is the (created_at, id) index read backwards and a LIMIT reads only
 * its first rows; after any other field `id ASC` matches the indexes indexDdl builds.
 */
export function orderBySql(terms: OrderTerm[] | undefined, first?: string): string {
  const out = first ? [first] : [];
  for (const t of terms ?? []) {
    for (const e of t.exprs) {
      const nulls = NOT_NULL.has(e) ? '' : t.desc ? ' NULLS LAST' : ' NULLS FIRST';
      out.push(`${e} ${t.desc ? 'DESC' : 'ASC'}${nulls}`);
    }
  }
  if (!(terms ?? []).some((t) => t.exprs.includes('id'))) {
    const last = terms?.at(-1);
    const tieDesc = last !== undefined && last.desc && last.exprs.every((e) => NOT_NULL.has(e));
    out.push(tieDesc ? 'id DESC' : 'id ASC');
  }
  return out.join(', ');
}
