import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isPlainObject, LcCode } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { badRequest, classNotFound } from '../http/errors';
import type { Clock } from '../lib/clock';
import { getExportTask, insertExportTask } from '../store/exports';
import type { ExportParams } from '../store/exports';
import type { ExportWorker } from './export-worker';

function dateParam(v: unknown, name: string): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const t = typeof v === 'string' ? Date.parse(v) : NaN;
  if (Number.isNaN(t))
    throw badRequest(
      LcCode.InvalidParameter,
      `${name} must be a date such as 2024-01-31 or an ISO 8601 time.`,
    );
  return new Date(t).toISOString();
}

/** Doc 1 exportData: POST starts a task, GET polls it; the result is a zip download. */
export class ExportService {
  constructor(
    private readonly appId: string,
    private readonly secret: string,
    private readonly clock: Clock,
    private readonly worker: ExportWorker,
  ) {}

  private token(id: string): string {
    return createHmac('sha256', this.secret).update(`export:${id}`).digest('base64url');
  }

  tokenValid(id: string, token: string): boolean {
    const expected = this.token(id);
    return token.length === expected.length && timingSafeEqual(Buffer.from(token), Buffer.from(expected));
  }

  async start(sql: Sql, body: unknown): Promise<{ status: 'running'; id: string; app_id: string }> {
    const b = body ?? {};
    if (!isPlainObject(b))
      throw badRequest(LcCode.InvalidJson, 'Malformed json object. A json dictionary is expected.');
    if (b.classes !== undefined && typeof b.classes !== 'string') {
      throw badRequest(LcCode.InvalidParameter, 'classes is a comma-separated string of class names.');
    }
    const params: ExportParams = {
      classes: b.classes
        ? b.classes
            .split(',')
            .map((c) => c.trim())
            .filter(Boolean)
        : undefined,
      fromDate: dateParam(b.from_date, 'from_date'),
      toDate: dateParam(b.to_date, 'to_date'),
      onlySchema: b['only-schema'] === 'true' || b['only-schema'] === true,
    };
    const id = randomBytes(12).toString('hex');
    await insertExportTask(sql, id, params, this.clock.now());
    this.worker.kick();
    return { status: 'running', id, app_id: this.appId };
  }

  async status(sql: Sql, id: string, baseUrl: string): Promise<Record<string, unknown>> {
    const task = /^[0-9a-f]{24}$/.test(id) ? await getExportTask(sql, id) : undefined;
    if (!task) throw classNotFound();
    const out: Record<string, unknown> = { status: task.status, id: task.id, app_id: this.appId };
    if (task.status === 'done')
      out.download_url = `${baseUrl}/1.1/exportData/${id}/download?token=${this.token(id)}`;
    if (task.status === 'failed') out.error = task.error;
    return out;
  }
}
