/**
 * One SQL access layer (Postgres dialect) for the server and the bff: PGlite embedded by default,
 * a Postgres server when a URL is given. Callers pass the handle they were given, so code running
 * inside a transaction never reaches for the outer pool (PGlite would wait on itself).
 */
export interface Sql {
  readonly kind: 'pglite' | 'postgres';
  /**
   * The time limit of one statement in ms, when one was asked for. Postgres enforces it
   * (statement_timeout, SQLSTATE 57014); PGlite records it but cannot interrupt a running statement,
   * so callers that build expensive SQL check it themselves (see the server's where translation).
   */
  readonly statementTimeoutMs?: number | undefined;
  query<R = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
    opts?: QueryOptions,
  ): Promise<R[]>;
  /** Several statements, no parameters (migrations). */
  exec(text: string): Promise<void>;
  /** Runs fn in one transaction; nested calls join the outer one. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * LISTEN on `channel` (scoped to this database and schema): `onPayload` gets each NOTIFY's text.
   * Resolves with a function that stops listening. Absent inside transactions.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** NOTIFY `channel` (same scope as listen) with `payload` (under 8000 bytes). */
  notify?(channel: string, payload: string): Promise<void>;
}

export interface QueryOptions {
  /**
   * A hot read sent again and again with new values, whose best plan is the same for any value:
   * Postgres may run it as a prepared statement with a generic plan (prepared.ts). PGlite, in this process, has no round trip or plan to save and ignores it.
   */
  prepare?: boolean;
}

export interface OpenSqlOptions {
  /** postgres:// URL; when absent, PGlite is used. */
  url?: string | undefined;
  /** PGlite data folder; undefined or 'memory' keeps the database in memory. */
  dataDir?: string | undefined;
  /** Postgres schema to use (created when missing); lets tests and apps share one database. */
  schema?: string | undefined;
  /** Time limit of every statement in ms (see Sql.statementTimeoutMs); none when absent. */
  statementTimeoutMs?: number | undefined;
}

export { openSql } from './open';
export { migrate } from './migrate';
export { PreparedNames } from './prepared';
export type { Migration } from './migrate';
export { pgErrorCode, isUniqueViolation, isStatementTimeout, withoutStatementTimeout } from './errors';
