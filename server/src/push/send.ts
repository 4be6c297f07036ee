import {
  CONSOLE_CLIENT,
  isPlainObject,
  LcCode,
  PUSH_BODY_LIMIT,
  REQ_ID_WINDOW_MS,
} from '@switchboard/shared';
import type { PushSource } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { badRequest, invalidJson, masterKeyRequired } from '../http/errors';
import type { ApiRequest, ApiResponse } from '../http/types';
import { newObjectId } from '../lib/ids';
import { enqueueChunk, enqueuePlan } from './engine/deps';
import type { EngineDeps } from './engine/deps';
import {
  assertDailyRoom,
  assertScheduledRoom,
  countPushCall,
  dailyLimitReached,
  takeDailyTargets,
} from './limits';
import { createRecord, updateRecord } from './records';
import { acceptDevicesPush, acceptQueryPush, randomAlnum } from './request';
import type { AcceptedPush } from './request';
import { insertChunk, insertPush } from './store';
import type { PushRequest } from './model';
import type { PushRow } from './store';
import type { AppSettings } from '../services/settings';
import { settle } from './engine/finish';
import { DEV_PROFILE_REFUSED } from './engine/plan';

/**
 * Doc 2 req_id: "Different requests with the same req_id within 5 minutes are duplicates and only
 * one push is sent". Claims the id for this push, or returns the answer of the push that has it.
 */
async function earlierWithReqId(
  tx: Sql,
  reqId: string,
  mine: { id: string; createdAt: Date },
  now: Date,
): Promise<{ objectId: string; createdAt: string } | undefined> {
  const claimed = await tx.query(
    `INSERT INTO lc_push_requests (req_id, push_id, push_created_at, created_at) VALUES ($1, $2, $3, $3)
     ON CONFLICT (req_id) DO UPDATE SET push_id = EXCLUDED.push_id, push_created_at = EXCLUDED.push_created_at,
       created_at = EXCLUDED.created_at
     WHERE lc_push_requests.created_at <= $4
     RETURNING 1`,
    [reqId, mine.id, mine.createdAt, new Date(now.getTime() - REQ_ID_WINDOW_MS)],
  );
  if (claimed.length > 0) return undefined;
  const [first] = await tx.query<{ push_id: string; push_created_at: Date }>(
    'SELECT push_id, push_created_at FROM lc_push_requests WHERE req_id = $1',
    [reqId],
  );
  return first && { objectId: first.push_id, createdAt: first.push_created_at.toISOString() };
}

/** A device list is one chunk (at most 500 ids): no planning. */
async function planDeviceList(
  deps: EngineDeps,
  tx: Sql,
  push: PushRow,
  ids: string[],
  now: Date,
  settings: AppSettings,
) {
  const req = push.request;
  if (req.deviceType === 'ios' && req.prod === 'dev' && ids.length > settings.devPushDeviceLimit) {
    await settle(tx, push, {
      now,
      chunkDelta: -1,
      status: 'error',
      tally: { errors: [DEV_PROFILE_REFUSED] },
    });
    return;
  }
  const granted = await takeDailyTargets(tx, now, ids.length, settings.pushDailyTargets);
  await insertChunk(tx, { push_id: push.id, seq: 0, targets: ids.slice(0, granted), attempt: 1 });
  await enqueueChunk(deps, tx, { push: push.id, seq: 0 }, now);
  const errors = granted < ids.length ? [dailyLimitReached(settings.pushDailyTargets)] : [];
  await updateRecord(tx, push.id, { now, tally: { devices: granted, errors } });
}

/** Writes the push as durable work: record, engine row, and its first job, in one transaction. */
async function persist(
  deps: EngineDeps,
  tx: Sql,
  a: AcceptedPush,
  now: Date,
  settings: AppSettings,
  source: PushSource,
) {
  const id = newObjectId(now);
  if (a.reqId) {
    const first = await earlierWithReqId(tx, a.reqId, { id, createdAt: now }, now);
    if (first) return first;
  }
  if (a.scheduled) await assertScheduledRoom(tx, settings.scheduledPushLimit);
  const status = a.scheduled ? 'scheduled' : 'in-queue';
  await createRecord(tx, {
    id,
    now,
    notificationId: a.request.notificationId,
    data: a.request.data,
    where: a.request.where ?? null,
    prod: a.request.prod,
    status,
    pushAt: a.scheduled ? a.pushAt : undefined,
    expiresAt: a.expiresAt,
    source,
  });
  const ids = a.deviceIds;
  const push = await insertPush(tx, {
    id,
    msg_id: randomAlnum(16),
    request: a.request,
    status,
    push_at: a.pushAt,
    expires_at: a.expiresAt,
    created_at: now,
    ...(ids ? { planned: true, chunks: 1 } : {}),
  });
  if (ids) await planDeviceList(deps, tx, push, ids, now, settings);
  else await enqueuePlan(deps, tx, id, a.pushAt);
  return { objectId: id, createdAt: now.toISOString() };
}

/**
 * POST /1.1/push and /1.1/push/devices: checks (master key while client push is forbidden, the
 * call rate, the body), then makes the push durable work before answering.
 */
export async function sendPush(
  deps: EngineDeps,
  req: ApiRequest,
  kind: 'query' | 'devices',
): Promise<ApiResponse> {
  const settings = await deps.settings.get(req.sql);
  // Doc 2 Authentication rule 4: "while on, push requires the master key".
  if (settings.clientPushForbidden && !req.auth.master)
    throw masterKeyRequired('sending a push while client push is forbidden (the app setting, on by default)');
  const now = deps.clock.now();
  await countPushCall(req.sql, now, settings.pushCallsPerMinute);
  if (!isPlainObject(req.body)) throw invalidJson();
  if (kind === 'query') {
    // Doc 2: "The request body must be smaller than 4096 bytes when serialized".
    const size = Buffer.byteLength(JSON.stringify(req.body));
    if (size >= PUSH_BODY_LIMIT)
      throw badRequest(
        LcCode.InvalidParameter,
        `The push request body must be smaller than ${PUSH_BODY_LIMIT} bytes when serialized; this one has ${size}.`,
      );
  }
  const accepted = kind === 'query' ? acceptQueryPush(req, now) : acceptDevicesPush(req, now);
  if (!accepted.scheduled) await assertDailyRoom(req.sql, now, settings.pushDailyTargets);
  // The console's pushes, told apart on the record: the bff holds the master key and names itself.
  const source: PushSource = req.auth.master && req.client === CONSOLE_CLIENT ? 'console' : 'api';
  const body = await req.sql.transaction((tx) => persist(deps, tx, accepted, now, settings, source));
  return { body };
}

/**
 * A push another area of the server sends inside its own transaction `tx` (instant messaging's
 * offline push, from-service `rtm`): durable work like any push, without the push API's call
 * limit or req_id. Returns the record's objectId.
 */
export async function sendServicePush(
  deps: EngineDeps,
  tx: Sql,
  request: PushRequest,
  source: 'rtm',
): Promise<string> {
  const now = deps.clock.now();
  const settings = await deps.settings.get(tx);
  const a: AcceptedPush = { request, reqId: undefined, pushAt: now, scheduled: false, expiresAt: null };
  return (await persist(deps, tx, a, now, settings, source)).objectId;
}
