import type { Sql } from './index';

/** The SQLSTATE of a database error from either driver, if it has one. */
export function pgErrorCode(e: unknown): string | undefined {
  if (typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string') return e.code;
  return undefined;
}

export function isUniqueViolation(e: unknown): boolean {
  return pgErrorCode(e) === '23505';
}

/** query_canceled: Postgres stopped a statement at its statement_timeout (or on a cancel request). */
export function isStatementTimeout(e: unknown): boolean {
  return pgErrorCode(e) === '57014';
}

/**
 * Lifts the statement time limit for the rest of a transaction: for work that is slow by nature
 * and not driven by a client's input (migrations, building an index over a large class).
 */
export async function withoutStatementTimeout(tx: Sql): Promise<void> {
  await tx.exec('SET LOCAL statement_timeout = 0');
}
