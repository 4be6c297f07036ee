import type { Condition, Where } from '@switchboard/shared';

/**
 * What a where clause costs the database per object, counted before any SQL runs:
 * - conditions: every condition, each value of $in/$nin/$all counting as one;
 * - reads: how many times the SQL reads an object's whole stored data. Each condition on a field
 *   of the data reads it up to twice (a containment test for the index plus a typed comparison),
 *   a $regex three times (type, length and text, regex-sql.ts); objectId, createdAt and updatedAt
 *   are columns of their own and read nothing.
 * Both count sub-queries and the branches of $or/$and as well.
 */
export interface WhereCost {
  conditions: number;
  reads: number;
}

/** At most this many conditions in one where: no app needs more, and each one is SQL to plan. */
export const MAX_WHERE_CONDITIONS = 1000;

const COLUMNS = new Set(['objectId', 'createdAt', 'updatedAt']);

function valuesOf(c: Condition): number {
  return 'values' in c ? Math.max(c.values.length, 1) : 1;
}

export function whereCost(where: Where, into: WhereCost = { conditions: 0, reads: 0 }): WhereCost {
  for (const clause of where.clauses) {
    if (clause.type === 'and' || clause.type === 'or') {
      for (const branch of clause.branches) whereCost(branch, into);
    } else if (clause.type === 'relatedTo') {
      into.conditions += 1;
    } else {
      for (const c of clause.conditions) {
        const n = valuesOf(c);
        into.conditions += n;
        if (!COLUMNS.has(clause.field)) into.reads += (c.op === 'regex' ? 3 : 2) * (c.op === 'all' ? 1 : n);
        if ('query' in c) whereCost(c.query.where, into);
      }
    }
  }
  return into;
}
