import { LcCode, queryParamsSchema } from '@switchboard/shared';
import { ApiError, badRequest } from '../http/errors';
import { requireMaster } from '../http/require-master';
import type { ApiRequest, ApiResponse } from '../http/types';
import { parseInput } from '../http/validate';
import type { Clock } from '../lib/clock';
import { MASTER } from '../services/access';
import type { ClassApi } from '../services/class-api';
import type { ReadService } from '../services/reads';
import { deletePushRecord, dropCancelledPush, resolveRecordId } from './cancel';
import { RECORD_CLASS } from './records';

export const recordNotFound = () =>
  new ApiError(404, LcCode.ObjectNotFound, 'Could not find the push record.');

/**
 * Push records (Doc 2 "GET /1.1/notifications", "/1.1/notifications/:id", also reachable as
 * /1.1/classes/_Notification): listed with Doc 1's where, order, limit, skip and count; written by
 * the push engine only; deleting one cancels what of its push still waits.
 */
export class RecordsApi implements ClassApi {
  readonly path = '/1.1/notifications';

  constructor(private readonly deps: { reads: ReadService; clock: Clock }) {}

  async query(req: ApiRequest): Promise<ApiResponse> {
    requireMaster(req.auth, 'listing push records');
    const q = parseInput(queryParamsSchema, req.query, 'query parameters');
    return { body: await this.deps.reads.query(req.sql, RECORD_CLASS, { ...q, access: MASTER }) };
  }

  /** One record by objectId or notification_id (master key). */
  async get(req: ApiRequest, id: string): Promise<ApiResponse> {
    requireMaster(req.auth, 'reading push records by notification id');
    return this.read(req, (await resolveRecordId(req.sql, id)) ?? '');
  }

  /** Doc 2: "GET /1.1/tables/Notifications/:objectId | one push record ... (app key suffices)". */
  async read(req: ApiRequest, objectId: string): Promise<ApiResponse> {
    const found = await this.deps.reads
      .get(req.sql, RECORD_CLASS, objectId, { access: MASTER })
      .catch((e: unknown) => {
        if (e instanceof ApiError && e.code === LcCode.ObjectNotFound) return undefined;
        throw e;
      });
    if (!found) throw recordNotFound();
    return { body: found };
  }

  async delete(req: ApiRequest, ids: string[]): Promise<ApiResponse> {
    requireMaster(req.auth, 'deleting push records');
    for (const raw of ids) {
      const id = await resolveRecordId(req.sql, raw);
      const gone =
        id !== undefined && (await req.sql.transaction((tx) => deletePushRecord(tx, this.deps.clock, id)));
      if (!gone) throw recordNotFound();
      await dropCancelledPush(req.sql, id);
    }
    return { body: {} };
  }

  create(): Promise<ApiResponse> {
    return Promise.reject(this.writtenByPush());
  }

  update(): Promise<ApiResponse> {
    return Promise.reject(this.writtenByPush());
  }

  private writtenByPush() {
    return badRequest(
      LcCode.OperationForbidden,
      'Push records are written by the push service: send with POST /1.1/push.',
    );
  }
}
