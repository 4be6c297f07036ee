import { LcCode } from '@switchboard/shared';
import { badRequest } from '../http/errors';
import { jsonExpr, textExpr } from './fields';
import type { FieldRef } from './fields';
import type { Params } from './params';
import { checkRegex } from './regex-policy';
import type { WhereContext } from './where-context';
import { regexFlags, unquotePcre } from './where-values';

/**
 * On PGlite one match may cost at most this many byte-positions: the length of the text times the
 * positions of the pattern (regex-policy.ts). Postgres's engine spends up to about 40 ns per byte
 * and position on an adversarial pattern, so one match stays around a second, and PGlite, which
 * cannot interrupt a statement, still answers within its time limit plus that second. A plain
 * `contains` (a few positions) runs over strings of several MB.
 */
export const REGEX_WORK_PER_MATCH = 24_000_000;

/** $regex: refused up front when the pattern cannot run in bounded time (regex-policy.ts). */
export function matches(
  ref: FieldRef,
  field: string,
  pattern: string,
  options: string,
  p: Params,
  guard: WhereContext['regexGuard'],
): string {
  const unquoted = unquotePcre(pattern);
  const check = checkRegex(unquoted, options);
  if (check.problem !== undefined)
    throw badRequest(LcCode.InvalidParameter, `The $regex on '${field}' ${check.problem}.`);
  if (ref.kind === 'time') throw badRequest(LcCode.InvalidParameter, `$regex cannot be applied to ${field}.`);
  const re = p.add(regexFlags(options) + unquoted);
  if (ref.kind === 'id')
    return guard?.deadlineMs ? ifInTime(`id ~ ${re}`, guard.deadlineMs, p) : `id ~ ${re}`;
  const json = jsonExpr(ref.path);
  const text = textExpr(ref.path);
  if (!guard) return `(jsonb_typeof(${json}) = 'string' AND ${text} ~ ${re})`;
  const maxBytes = p.add(Math.floor(REGEX_WORK_PER_MATCH / Math.max(check.positions, 1)));
  // CASE fixes the order: the checks run before each match, whatever plan the query gets.
  const guarded = `CASE WHEN jsonb_typeof(${json}) IS DISTINCT FROM 'string' THEN false
    WHEN octet_length(${text}) > ${maxBytes}::int
      THEN lc_regex_too_long(octet_length(${text}), ${maxBytes}::int, ${p.add(field)}::text)
    ELSE ${text} ~ ${re} END`;
  return guard.deadlineMs ? ifInTime(guarded, guard.deadlineMs, p) : `(${guarded})`;
}

function ifInTime(match: string, deadlineMs: number, p: Params): string {
  const late = `clock_timestamp() > statement_timestamp() + ${p.add(`${deadlineMs} milliseconds`)}::interval`;
  return `(CASE WHEN ${late} THEN lc_statement_timeout() ELSE ${match} END)`;
}
