import type { AuditTarget } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { clean, SNAPSHOT_MAX_BYTES, SUMMARY_MAX_BYTES } from './audit';
import type { AuditInput } from './audit';
import { ConsoleError } from './errors';
import { UnansweredError } from '../upstream/client';

/*
 * A write is audited before it is sent: if the console never hears back (the app timed out, the
 * connection dropped, the console itself stopped), the log still says who sent what, and that its
 * outcome is not known. The entry is completed with the outcome once it is.
 */

export type Outcome = 'ok' | 'error' | 'unknown';

/** Rows per INSERT: a batch of thousands of writes is recorded in a few statements. */
const CHUNK = 500;

/** Writes the entries as pending; returns their ids in the same order. */
export async function beginAudit(sql: Sql, entries: Omit<AuditInput, 'result'>[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < entries.length; i += CHUNK) {
    const chunk = entries.slice(i, i + CHUNK);
    // Ids drawn first, so each entry's id is known without relying on the order rows come back.
    const drawn = await sql.query<{ id: string }>(
      `SELECT nextval(pg_get_serial_sequence('audit_log', 'id'))::text AS id FROM generate_series(1, $1)`,
      [chunk.length],
    );
    const rows = chunk.map((e, j) => ({
      id: drawn[j]?.id,
      actor_id: e.actor?.id ?? null,
      actor_email: e.actor?.email ?? null,
      role: e.actor?.role ?? null,
      app: e.app ?? null,
      action: e.action,
      target: e.target ?? null,
      summary: parsed(clean(e.summary, SUMMARY_MAX_BYTES)),
      before: parsed(clean(e.before, SNAPSHOT_MAX_BYTES)),
      request_id: e.requestId ?? null,
      ip: e.ip ?? null,
    }));
    await sql.query(
      `INSERT INTO audit_log
         (id, actor_id, actor_email, role, app, action, target, summary, before, result, request_id, ip)
       SELECT r.id, r.actor_id, r.actor_email, r.role, r.app, r.action, r.target, r.summary, r.before,
              'pending', r.request_id, r.ip
         FROM jsonb_to_recordset($1::jsonb) AS r(id bigint, actor_id text, actor_email text, role text,
              app text, action text, target jsonb, summary jsonb, before jsonb, request_id text, ip text)`,
      [JSON.stringify(rows)],
    );
    ids.push(...drawn.map((d) => d.id));
  }
  return ids;
}

const parsed = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

export interface Completion {
  id: string;
  result: Outcome;
  status?: number | undefined;
  /** The object after the write, when it could be read. */
  after?: unknown;
  /** The target once known (a create learns its objectId from the answer). */
  target?: AuditTarget | undefined;
  /** Why it failed, added to the summary. */
  error?: unknown;
}

/** Completes pending entries with their outcomes; entries already final are left alone. */
export async function completeAudit(sql: Sql, done: Completion[]): Promise<void> {
  for (let i = 0; i < done.length; i += CHUNK) {
    const rows = done.slice(i, i + CHUNK).map((c) => ({
      id: c.id,
      result: c.result,
      status: c.status ?? null,
      after: parsed(clean(c.after, SNAPSHOT_MAX_BYTES)),
      target: c.target ?? null,
      error: c.error === undefined ? null : parsed(clean(c.error, SUMMARY_MAX_BYTES)),
    }));
    await sql.query(
      `UPDATE audit_log a
          SET result = u.result, status = u.status, after = u.after,
              target = coalesce(u.target, a.target),
              summary = CASE WHEN u.error IS NULL THEN a.summary
                             ELSE coalesce(a.summary, '{}'::jsonb) || jsonb_build_object('error', u.error) END
         FROM jsonb_to_recordset($1::jsonb) AS u(id bigint, result text, status int, after jsonb,
              target jsonb, error jsonb)
        WHERE a.id = u.id AND a.result = 'pending'`,
      [JSON.stringify(rows)],
    );
  }
}

/** What a successful write adds to its entry (status 200 unless it says otherwise). */
export type Success = Omit<Completion, 'id' | 'result'>;

/**
 * Sends one audited write: its entry is written as pending, `send` runs, and the entry is
 * completed with what a failure says of the write (outcomeOf, and the error rethrown as
 * reported) or with what `succeeded` makes of the answer.
 */
export async function auditedCall<T>(
  sql: Sql,
  entry: Omit<AuditInput, 'result'>,
  send: () => Promise<T>,
  succeeded: (answer: T) => Success | Promise<Success> = () => ({}),
): Promise<T> {
  const [id = ''] = await beginAudit(sql, [entry]);
  let answer: T;
  try {
    answer = await send();
  } catch (e) {
    const outcome = outcomeOf(e);
    await completeAudit(sql, [{ id, result: outcome, status: e instanceof ConsoleError ? e.status : 500 }]);
    throw reported(e, outcome);
  }
  await completeAudit(sql, [{ id, result: 'ok', status: 200, ...(await succeeded(answer)) }]);
  return answer;
}

/**
 * What a failed upstream call says about the write it carried: 'error' when the app refused it
 * (a 4xx) or it never left (no connection), 'unknown' when it was sent and no usable answer came
 * (a timeout, a dropped connection, a 5xx of the app or a gateway in front of it).
 */
export function outcomeOf(e: unknown): Exclude<Outcome, 'ok'> {
  if (e instanceof UnansweredError) return 'unknown';
  if (!(e instanceof ConsoleError)) return 'unknown';
  const details = e.details as { upstreamStatus?: unknown } | undefined;
  const upstreamStatus = typeof details?.upstreamStatus === 'number' ? details.upstreamStatus : 0;
  return upstreamStatus >= 500 ? 'unknown' : 'error';
}

/** The error the console answers with: an unknown outcome says so, so nobody retries blindly. */
export function reported(e: unknown, outcome: Exclude<Outcome, 'ok'>): unknown {
  if (outcome !== 'unknown' || !(e instanceof ConsoleError)) return e;
  return new ConsoleError(
    e.status,
    e.code,
    `${e.message} The write was sent, and whether the app applied it is not known: check before sending it again.`,
    e.details,
    e.headers,
  );
}
