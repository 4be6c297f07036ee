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

/**
 * How long a download_url works. The link alone gives the whole database to whoever holds it
 * (a browser history, a log, a forwarded message), so it should not outlive its use; every
 * status poll hands out a fresh one, and a download that started in time runs to its end.
 */
export const EXPORT_LINK_TTL_MS = 60 * 60 * 1000;

const TOKEN_RE = /^(\d{1,16})\.([A-Za-z0-9_-]{43})$/;

export type ExportLinkCheck = 'ok' | 'invalid' | 'expired';

/** Doc 1 exportData: POST starts a task, GET polls it; the result is a zip download. */
export class ExportService {
  constructor(
    private readonly appId: string,
    private readonly secret: string,
    private readonly clock: Clock,
    private readonly worker: ExportWorker,
  ) {}

  /** "<expiry ms>.<HMAC of id and expiry>": the expiry cannot be changed without the key. */
  private mac(id: string, expires: string): string {
    return createHmac('sha256', this.secret).update(`export:${id}:${expires}`).digest('base64url');
  }

  private token(id: string): string {
    const expires = String(this.clock.now().getTime() + EXPORT_LINK_TTL_MS);
    return `${expires}.${this.mac(id, expires)}`;
  }

  checkToken(id: string, token: string): ExportLinkCheck {
    const m = TOKEN_RE.exec(token);
    if (!m) return 'invalid';
    const [, expires = '', mac = ''] = m;
    if (!timingSafeEqual(Buffer.from(mac), Buffer.from(this.mac(id, expires)))) return 'invalid';
    return Number(expires) > this.clock.now().getTime() ? 'ok' : 'expired';
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
