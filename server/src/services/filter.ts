import { isValidClassName, LcCode, parseWhereParam, WhereError } from '@switchboard/shared';
import type { Where } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { badRequest } from '../http/errors';
import type { ClassFields, ClassRegistry } from '../store/classes';
import type { Filter } from '../store/objects';
import { aclCondition } from '../store/acl-sql';
import { indexLeaders } from '../store/index-leaders';
import { Params } from '../store/params';
import { readBudgetGate } from '../store/read-budget';
import type { WhereContext } from '../store/where-context';
import { MAX_WHERE_CONDITIONS, whereCost } from '../store/where-cost';
import { classesIn, whereSql } from '../store/where-sql';

export function parseWhere(raw: string | undefined): Where {
  if (raw === undefined || raw === '') return { clauses: [] };
  try {
    return parseWhereParam(raw);
  } catch (e) {
    if (e instanceof WhereError) throw badRequest(LcCode.InvalidParameter, `Invalid where: ${e.message}.`);
    throw e;
  }
}

/** Renders a where clause for one class, after loading the field types of every class it reads. */
export async function buildFilter(
  sql: Sql,
  classes: ClassRegistry,
  className: string,
  where: Where,
  /** ACL keys of the reader (sub-queries see only readable rows too); undefined for the master key. */
  readKeys?: readonly string[],
): Promise<Filter> {
  const cost = whereCost(where);
  if (cost.conditions > MAX_WHERE_CONDITIONS) {
    throw badRequest(
      LcCode.InvalidParameter,
      `Invalid where: it has ${cost.conditions} conditions (each value of $in, $nin and $all counts); at most ${MAX_WHERE_CONDITIONS} are accepted.`,
    );
  }
  const read = [className, ...classesIn(where)];
  const fields = new Map<string, ClassFields | undefined>();
  const leaders = new Map<string, ReadonlySet<string>>();
  for (const name of read) {
    if (fields.has(name)) continue;
    const valid = isValidClassName(name);
    fields.set(name, valid ? await classes.fields(sql, name) : undefined);
    if (valid && fields.get(name)) leaders.set(name, await indexLeaders(sql, classes, name));
  }
  const params = new Params();
  const ctx: WhereContext = {
    params,
    className,
    fieldsOf: (c) => fields.get(c),
    indexLeads: (c, field) => leaders.get(c)?.has(field) ?? false,
    nested: false,
    readKeys,
    regexGuard: sql.kind === 'pglite' ? { deadlineMs: sql.statementTimeoutMs } : undefined,
  };
  const text = whereSql(where, ctx);
  const acl = aclCondition(params, readKeys, 'read');
  const filter = acl === 'TRUE' ? text : `(${text}) AND ${acl}`;
  const gate = readBudgetGate(read, cost.reads, params);
  return { sql: gate ? `(${filter}) AND ${gate}` : filter, params, near: ctx.near };
}
