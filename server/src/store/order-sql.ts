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

/** ORDER BY text; `id` breaks ties so pages are stable. */
export function orderBySql(terms: OrderTerm[] | undefined, first?: string): string {
  const out = first ? [first] : [];
  for (const t of terms ?? []) {
    for (const e of t.exprs) out.push(`${e} ${t.desc ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}`);
  }
  if (!(terms ?? []).some((t) => t.exprs.includes('id'))) out.push('id ASC');
  return out.join(', ');
}
