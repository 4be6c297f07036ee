import type { Sql } from '@switchboard/shared/sql';

export interface ExportParams {
  classes: string[] | undefined;
  fromDate: string | undefined;
  toDate: string | undefined;
  onlySchema: boolean;
}

export interface ExportTask {
  id: string;
  status: 'running' | 'done' | 'failed';
  params: ExportParams;
  error: string | null;
}

export async function insertExportTask(sql: Sql, id: string, params: ExportParams, now: Date): Promise<void> {
  await sql.query(
    "INSERT INTO lc_export_tasks (id, status, params, created_at) VALUES ($1, 'running', $2::jsonb, $3)",
    [id, JSON.stringify(params), now],
  );
}

export async function getExportTask(sql: Sql, id: string): Promise<ExportTask | undefined> {
  const rows = await sql.query<ExportTask>(
    'SELECT id, status, params, error FROM lc_export_tasks WHERE id = $1',
    [id],
  );
  return rows[0];
}

/**
 * Claims the oldest pending task. SKIP LOCKED lets several server processes work the queue
 * without two taking the same task; a claim older than `staleMs` (a crashed worker) is taken over.
 */
export async function claimExportTask(
  sql: Sql,
  worker: string,
  now: Date,
  staleMs: number,
): Promise<ExportTask | undefined> {
  const rows = await sql.query<ExportTask>(
    `UPDATE lc_export_tasks SET claimed_by = $1, claimed_at = $2
      WHERE id = (
        SELECT id FROM lc_export_tasks
         WHERE status = 'running' AND (claimed_at IS NULL OR claimed_at < $3)
         ORDER BY created_at FOR UPDATE SKIP LOCKED LIMIT 1)
      RETURNING id, status, params, error`,
    [worker, now, new Date(now.getTime() - staleMs)],
  );
  return rows[0];
}

export async function writeExportChunk(
  sql: Sql,
  taskId: string,
  seq: number,
  data: Uint8Array,
): Promise<void> {
  await sql.query('INSERT INTO lc_export_chunks (task_id, seq, data) VALUES ($1, $2, $3)', [
    taskId,
    seq,
    Buffer.from(data),
  ]);
}

export async function clearExportChunks(sql: Sql, taskId: string): Promise<void> {
  await sql.query('DELETE FROM lc_export_chunks WHERE task_id = $1', [taskId]);
}

export async function finishExportTask(sql: Sql, taskId: string, now: Date, error?: string): Promise<void> {
  await sql.query('UPDATE lc_export_tasks SET status = $2, finished_at = $3, error = $4 WHERE id = $1', [
    taskId,
    error ? 'failed' : 'done',
    now,
    error ?? null,
  ]);
}

export async function readExportChunk(
  sql: Sql,
  taskId: string,
  seq: number,
): Promise<Uint8Array | undefined> {
  const rows = await sql.query<{ data: Uint8Array }>(
    'SELECT data FROM lc_export_chunks WHERE task_id = $1 AND seq = $2',
    [taskId, seq],
  );
  return rows[0]?.data;
}
