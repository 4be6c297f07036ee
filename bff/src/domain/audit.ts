import type { AuditEntry, AuditFilter, AuditResult, AuditTarget, ConsoleRole } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { redactSecrets } from './audit-redact';

/** Where a request came from; the HTTP layer fills it in. */
export interface RequestMeta {
  requestId?: string | undefined;
  ip?: string | undefined;
}

export interface AuditInput extends RequestMeta {
  actor?: { id?: string | undefined; email?: string | undefined; role?: ConsoleRole | undefined };
  app?: string | undefined;
  action: string;
  target?: AuditTarget | undefined;
  summary?: unknown;
  before?: unknown;
  after?: unknown;
  result: AuditResult;
  status?: number | undefined;
}

export { REDACTED, redactSecrets } from './audit-redact';
export const SUMMARY_MAX_BYTES = 8 * 1024;
// Object snapshots may be larger than a request summary, but a row must stay bounded.
export const SNAPSHOT_MAX_BYTES = 64 * 1024;

/** value itself when its JSON fits in maxBytes; otherwise a marker with the start of the JSON. */
export function capSize(value: unknown, maxBytes: number): unknown {
  if (value === undefined) return undefined;
  const json = JSON.stringify(value);
  const bytes = Buffer.byteLength(json);
  if (bytes <= maxBytes) return value;
  // Slicing by characters keeps the preview under the cap for any UTF-8 (at most 4 bytes each).
  return { truncated: true, bytes, preview: json.slice(0, Math.floor(maxBytes / 4)) };
}

/** The JSON text stored for a summary or snapshot: secrets redacted, size capped. */
export const clean = (value: unknown, maxBytes: number): string | null =>
  value === undefined ? null : JSON.stringify(capSize(redactSecrets(value), maxBytes));

/**
 * Appends one entry. The audit log is only ever inserted into and read; a trigger refuses any
 * other change, except completing an entry written as pending (audit-outcome.ts).
 */
export async function record(sql: Sql, e: AuditInput): Promise<void> {
  await sql.query(
    `INSERT INTO audit_log
       (actor_id, actor_email, role, app, action, target, summary, before, after, result, status, request_id, ip)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb, $9::jsonb, $10, $11, $12, $13)`,
    [
      e.actor?.id ?? null,
      e.actor?.email ?? null,
      e.actor?.role ?? null,
      e.app ?? null,
      e.action,
      e.target ? JSON.stringify(e.target) : null,
      clean(e.summary, SUMMARY_MAX_BYTES),
      clean(e.before, SNAPSHOT_MAX_BYTES),
      clean(e.after, SNAPSHOT_MAX_BYTES),
      e.result,
      e.status ?? null,
      e.requestId ?? null,
      e.ip ?? null,
    ],
  );
}

interface Row {
  id: string;
  at: Date | string;
  actor_id: string | null;
  actor_email: string | null;
  role: ConsoleRole | null;
  app: string | null;
  action: string;
  target: AuditTarget | null;
  summary: unknown;
  before: unknown;
  after: unknown;
  result: AuditResult;
  status: number | null;
  request_id: string | null;
  ip: string | null;
}

const toEntry = (r: Row): AuditEntry => ({
  id: r.id,
  at: new Date(r.at).toISOString(),
  actorId: r.actor_id,
  actorEmail: r.actor_email,
  role: r.role,
  app: r.app,
  action: r.action,
  target: r.target,
  summary: r.summary,
  before: r.before,
  after: r.after,
  result: r.result,
  status: r.status,
  requestId: r.request_id,
  ip: r.ip,
});

/** Newest first; `cursor` is the id of the last entry already seen. */
async function page(sql: Sql, filter: AuditFilter, limit: number, cursor?: string): Promise<AuditEntry[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  // The actor is named by e-mail (as people know it) or by console user id.
  if (filter.actor) add((p) => `(actor_email = lower(${p}) OR actor_id = ${p})`, filter.actor);
  if (filter.action) add((p) => `action = ${p}`, filter.action);
  if (filter.app) add((p) => `app = ${p}`, filter.app);
  if (filter.class) add((p) => `target->>'class' = ${p}`, filter.class);
  if (filter.objectId) add((p) => `target->>'objectId' = ${p}`, filter.objectId);
  if (filter.from) add((p) => `at >= ${p}::timestamptz`, filter.from);
  if (filter.to) add((p) => `at < ${p}::timestamptz`, filter.to);
  if (cursor) add((p) => `id < ${p}::bigint`, cursor);
  params.push(limit);
  // ORDER BY names audit_log.id: a bare "id" would be the text alias and sort "9" after "10".
  const rows = await sql.query<Row>(
    `SELECT id::text AS id, at, actor_id, actor_email, role, app, action, target, summary, before, after,
            result, status, request_id, ip
       FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY audit_log.id DESC LIMIT $${params.length}`,
    params,
  );
  return rows.map(toEntry);
}

export async function query(
  sql: Sql,
  filter: AuditFilter & { limit: number; cursor?: string | undefined },
): Promise<{ results: AuditEntry[]; nextCursor: string | null }> {
  const rows = await page(sql, filter, filter.limit + 1, filter.cursor);
  const results = rows.slice(0, filter.limit);
  const more = rows.length > filter.limit;
  return { results, nextCursor: more ? (results[results.length - 1]?.id ?? null) : null };
}

const EXPORT_BATCH = 500;

/** Every matching entry, newest first, read in batches so an export never holds the whole log. */
export async function* entries(sql: Sql, filter: AuditFilter): AsyncGenerator<AuditEntry> {
  let cursor: string | undefined;
  for (;;) {
    const batch = await page(sql, filter, EXPORT_BATCH, cursor);
    yield* batch;
    if (batch.length < EXPORT_BATCH) return;
    cursor = batch[batch.length - 1]?.id;
  }
}
