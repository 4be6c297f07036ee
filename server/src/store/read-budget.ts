import { isValidClassName } from '@switchboard/shared';
import { BODY_LIMIT } from '../http/transport';
import type { Params } from './params';
import { LARGE_OBJECT_BYTES, tableFor } from './tables';
import { MAX_WHERE_CONDITIONS } from './where-cost';

/**
 * The read budget of a query. The database hands every function a fresh copy of a large (TOASTed)
 * object each time a condition reads it, and keeps the copies until it moves to the next object:
 * a 19 MB object and an $or of 100 conditions asked for gigabytes. On PGlite that memory is this
 * process's heap, which never shrinks (the process kept 2.5 GB after the query failed); on
 * Postgres it is the database server's, and no statement limit interrupts the copying within
 * one object. Hence: reads per object (where-cost.ts) × the largest object of every class the
 * query reads may not exceed READ_BUDGET_BYTES. The check runs inside the statement before its
 * scan (a one-time filter), so no object written meanwhile escapes it, and finds each class's
 * largest object in its size index (tables.ts), which lists only objects over LARGE_OBJECT_BYTES.
 */
export const READ_BUDGET_BYTES = 128 * 1024 * 1024;

/** The most reads a where can have (a $regex reads three times): it never fails on unlisted objects. */
if (MAX_WHERE_CONDITIONS * 3 * LARGE_OBJECT_BYTES > READ_BUDGET_BYTES)
  throw new Error('the read budget must cover the largest where on objects the size index does not list');

/** The one-time filter for a query reading objects `reads` times, or undefined when none is needed. */
export function readBudgetGate(classNames: string[], reads: number, p: Params): string | undefined {
  // No object is larger than a request body: below that, no object can break the budget.
  if (reads * BODY_LIMIT <= READ_BUDGET_BYTES) return undefined;
  const names = [...new Set(classNames)].filter((c) => isValidClassName(c));
  const tables = names.map(tableFor);
  return `lc_read_budget(${p.add(tables)}::text[], ${p.add(names)}::text[], ${p.add(reads)}::int, ${p.add(READ_BUDGET_BYTES)}::bigint)`;
}
