import { LcCode } from '@switchboard/shared';
import { badRequest } from '../http/errors';
import { jsonExpr } from './where-sql';

const FIELD_RE = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;

function columnOf(field: string): string {
  if (field === 'objectId') return 'id';
  if (field === 'createdAt') return 'created_at';
  if (field === 'updatedAt') return 'updated_at';
  return jsonExpr(field.split('.'));
}

/**
 * Doc 1 Query `order`: comma-separated fields, `-` for descending. Missing values sort first
 * ascending and last descending, as LeanCloud's store did; `id` breaks ties so pages are stable.
 */
export function orderBySql(raw: string | undefined): string {
  const parts = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const terms: string[] = [];
  let hasId = false;
  for (const part of parts) {
    const desc = part.startsWith('-');
    const field = desc ? part.slice(1) : part;
    if (!FIELD_RE.test(field))
      throw badRequest(LcCode.InvalidParameter, `Cannot order by "${part}": not a field name.`);
    const col = columnOf(field);
    hasId ||= col === 'id';
    terms.push(`${col} ${desc ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}`);
  }
  if (!hasId) terms.push('id ASC');
  return terms.join(', ');
}
