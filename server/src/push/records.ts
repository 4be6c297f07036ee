import type { PushSource, PushStatus } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { insertObject, selectObject } from '../store/objects';
import { tableFor } from '../store/tables';
import { SUCCESS_FIELD } from './model';
import type { Channel } from './model';

/** The class of push records: Doc 1 queries (where, order, skip, count) work on it as on any class. */
export const RECORD_CLASS = '_Notification';

/** Distinct error texts kept on a record. */
const MAX_ERRORS = 20;

/** What a step of the engine adds to a record's counters. */
export interface Tally {
  devices?: number;
  successes?: Partial<Record<Channel, number>>;
  invalidTokens?: number;
  errors?: string[];
}

export async function createRecord(
  tx: Sql,
  o: {
    id: string;
    now: Date;
    notificationId: string;
    data: Record<string, unknown>;
    where: unknown;
    prod: 'dev' | 'prod';
    status: PushStatus;
    pushAt: Date | undefined;
    expiresAt: Date | null;
    /** Where it came from: from-service is `rtm` for a message's offline push, else `push`. */
    source?: PushSource;
  },
): Promise<void> {
  const data: Record<string, unknown> = {
    notificationId: o.notificationId,
    data: o.data,
    where: o.where,
    prod: o.prod,
    status: o.status,
    devices: 0,
    successes: 0,
    ...Object.fromEntries(Object.values(SUCCESS_FIELD).map((f) => [f, 0])),
    invalidTokens: 0,
    errors: [],
    'from-service': o.source === 'rtm' ? 'rtm' : 'push',
    source: o.source ?? 'api',
  };
  if (o.pushAt) data['push-time'] = o.pushAt.toISOString();
  if (o.expiresAt) data.expiration_time = o.expiresAt.toISOString();
  // An empty ACL: only the master key finds records through /1.1/classes/_Notification.
  await insertObject(tx, RECORD_CLASS, { id: o.id, created_at: o.now, updated_at: o.now, acl: {}, data });
}

/** Adds a tally (and a new status) to a record, inside the transaction that holds its push row. */
export async function updateRecord(
  tx: Sql,
  id: string,
  o: { tally?: Tally; status?: PushStatus; now: Date },
): Promise<void> {
  const row = await selectObject(tx, RECORD_CLASS, id, { forUpdate: true });
  if (!row) return;
  const d = { ...row.data };
  const add = (field: string, n: number | undefined) => {
    if (n) d[field] = (typeof d[field] === 'number' ? d[field] : 0) + n;
  };
  const t = o.tally ?? {};
  add('devices', t.devices);
  add('invalidTokens', t.invalidTokens);
  for (const [channel, n] of Object.entries(t.successes ?? {})) {
    add('successes', n);
    add(SUCCESS_FIELD[channel as Channel], n);
  }
  if (t.errors?.length) {
    const errors = new Set(Array.isArray(d.errors) ? (d.errors as string[]) : []);
    for (const e of t.errors) if (errors.size < MAX_ERRORS) errors.add(e);
    d.errors = [...errors];
  }
  if (o.status) d.status = o.status;
  await tx.query(`UPDATE ${tableFor(RECORD_CLASS)} SET data = $2::jsonb, updated_at = $3 WHERE id = $1`, [
    id,
    JSON.stringify(d),
    o.now,
  ]);
}

/** The record's counters, for deciding its final status. */
export async function recordCounts(
  tx: Sql,
  id: string,
): Promise<{ successes: number; errors: number } | undefined> {
  const row = await selectObject(tx, RECORD_CLASS, id);
  if (!row) return undefined;
  return {
    successes: typeof row.data.successes === 'number' ? row.data.successes : 0,
    errors: Array.isArray(row.data.errors) ? row.data.errors.length : 0,
  };
}

export async function deleteRecord(tx: Sql, id: string): Promise<boolean> {
  const rows = await tx.query(`DELETE FROM ${tableFor(RECORD_CLASS)} WHERE id = $1 RETURNING 1`, [id]);
  return rows.length > 0;
}
