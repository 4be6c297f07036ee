import type { PushStatus } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import type { PushRequest } from './model';

/** What the engine keeps of one push (lc_pushes). */
export interface PushRow {
  id: string;
  msg_id: string;
  seq: string;
  request: PushRequest;
  status: PushStatus;
  push_at: Date;
  expires_at: Date | null;
  started_at: Date | null;
  cursor: string | null;
  planned: boolean;
  expired: boolean;
  chunks: number;
  chunks_left: number;
  created_at: Date;
  /** Cancelled: its record is gone and chunks that start now deliver nothing; deleted right after. */
  cancelled: boolean;
}

const COLUMNS =
  'id, msg_id, seq::text AS seq, request, status, push_at, expires_at, started_at, cursor, planned, expired, chunks, chunks_left, created_at, cancelled';

export async function insertPush(
  tx: Sql,
  p: Pick<PushRow, 'id' | 'msg_id' | 'request' | 'status' | 'push_at' | 'expires_at' | 'created_at'> &
    Partial<Pick<PushRow, 'planned' | 'chunks' | 'chunks_left'>>,
): Promise<PushRow> {
  const rows = await tx.query<PushRow>(
    `INSERT INTO lc_pushes (id, msg_id, request, status, push_at, expires_at, created_at, planned, chunks, chunks_left)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8, $9, $9) RETURNING ${COLUMNS}`,
    [
      p.id,
      p.msg_id,
      JSON.stringify(p.request),
      p.status,
      p.push_at,
      p.expires_at,
      p.created_at,
      p.planned ?? false,
      p.chunks ?? 0,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into lc_pushes returned nothing');
  return row;
}

export async function findPush(sql: Sql, id: string): Promise<PushRow | undefined> {
  return (await sql.query<PushRow>(`SELECT ${COLUMNS} FROM lc_pushes WHERE id = $1`, [id]))[0];
}

/*
 * Lock order, everywhere: the job row (the runner's step), then the push row, then a chunk row,
 * then the push's record. A push row is locked in three modes:
 * - sharePush (FOR KEY SHARE) while a chunk or page does its long work (deliveries, audience
 *   reads): any number of them at once, and the push cannot be deleted meanwhile;
 * - lockPush (FOR NO KEY UPDATE) for the short counter update at the end, which queues only
 *   against other counter updates (a transaction holding the share upgrades without deadlock);
 * - lockPushForDelete (FOR UPDATE): a cancel waits for the chunks in flight, and takes the row
 *   before any chunk row, as they do.
 */

/** The push row, shared-locked: it cannot be deleted (cancelled) until this transaction ends. */
export async function sharePush(tx: Sql, id: string): Promise<PushRow | undefined> {
  return (await tx.query<PushRow>(`SELECT ${COLUMNS} FROM lc_pushes WHERE id = $1 FOR KEY SHARE`, [id]))[0];
}

/** The push row, locked: every change to a push's counters and state happens under this lock; keep it short. */
export async function lockPush(tx: Sql, id: string): Promise<PushRow | undefined> {
  return (
    await tx.query<PushRow>(`SELECT ${COLUMNS} FROM lc_pushes WHERE id = $1 FOR NO KEY UPDATE`, [id])
  )[0];
}

/** The push row, locked to delete it (cancel): waits for every chunk that shares it. */
export async function lockPushForDelete(tx: Sql, id: string): Promise<PushRow | undefined> {
  return (await tx.query<PushRow>(`SELECT ${COLUMNS} FROM lc_pushes WHERE id = $1 FOR UPDATE`, [id]))[0];
}

type Patch = Partial<
  Pick<PushRow, 'status' | 'started_at' | 'cursor' | 'planned' | 'expired' | 'chunks' | 'chunks_left'>
>;

export async function updatePush(tx: Sql, id: string, patch: Patch): Promise<void> {
  const entries = Object.entries(patch);
  if (entries.length === 0) return;
  const sets = entries.map(([k], i) => `${k} = $${i + 2}`);
  await tx.query(`UPDATE lc_pushes SET ${sets.join(', ')} WHERE id = $1`, [id, ...entries.map(([, v]) => v)]);
}

export async function markCancelled(tx: Sql, id: string): Promise<void> {
  await tx.query('UPDATE lc_pushes SET cancelled = true WHERE id = $1', [id]);
}

export async function deletePush(tx: Sql, id: string): Promise<void> {
  await tx.query('DELETE FROM lc_pushes WHERE id = $1', [id]);
}

export interface ChunkRow {
  push_id: string;
  seq: number;
  targets: string[];
  attempt: number;
  done: boolean;
}

export async function insertChunk(tx: Sql, c: Omit<ChunkRow, 'done'>): Promise<void> {
  await tx.query(
    'INSERT INTO lc_push_chunks (push_id, seq, targets, attempt) VALUES ($1, $2, $3::text[], $4)',
    [c.push_id, c.seq, c.targets, c.attempt],
  );
}

/** Several chunks of one push in one statement: `targets[i]` becomes chunk `firstSeq + i`. */
export async function insertChunks(
  tx: Sql,
  pushId: string,
  firstSeq: number,
  targets: string[][],
): Promise<void> {
  if (targets.length === 0) return;
  const values: unknown[] = [pushId];
  const tuples = targets.map((t, i) => {
    values.push(firstSeq + i, t);
    return `($1, $${values.length - 1}::int, $${values.length}::text[], 1)`;
  });
  await tx.query(
    `INSERT INTO lc_push_chunks (push_id, seq, targets, attempt) VALUES ${tuples.join(', ')}`,
    values,
  );
}

/**
 * A chunk row; without `withTargets` its targets come back empty (a query push's chunk reads its
 * installations by the row itself: loadChunkInstallations).
 */
export async function findChunk(
  sql: Sql,
  pushId: string,
  seq: number,
  withTargets = true,
): Promise<ChunkRow | undefined> {
  return (
    await sql.query<ChunkRow>(
      `SELECT push_id, seq, ${withTargets ? 'targets' : "'{}'::text[] AS targets"}, attempt, done
       FROM lc_push_chunks WHERE push_id = $1 AND seq = $2`,
      [pushId, seq],
    )
  )[0];
}

export async function markChunkDone(tx: Sql, pushId: string, seq: number): Promise<boolean> {
  const rows = await tx.query(
    'UPDATE lc_push_chunks SET done = true WHERE push_id = $1 AND seq = $2 AND NOT done RETURNING 1',
    [pushId, seq],
  );
  return rows.length > 0;
}
