import { randomBytes } from 'node:crypto';
import {
  dataHasAlert,
  isPlainObject,
  LcCode,
  pushDevicesParamsSchema,
  pushParamsSchema,
  SCHEDULE_MIN_AHEAD_MS,
} from '@switchboard/shared';
import type { PushDevicesParams, PushParams } from '@switchboard/shared';
import { badRequest } from '../http/errors';
import type { ApiRequest } from '../http/types';
import { parseInput } from '../http/validate';
import { parseWhere } from '../services/filter';
import type { PushRequest } from './model';
import { deviceTarget, routeTarget } from './payload/route';

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A random id of letters and digits (a default notification_id, push_msg.id). */
export function randomAlnum(n: number): string {
  return Array.from(randomBytes(n), (b) => ALNUM[b % ALNUM.length]).join('');
}

/** What POST /1.1/push or /1.1/push/devices asked for, checked and resolved. */
export interface AcceptedPush {
  request: PushRequest;
  reqId: string | undefined;
  /** When the push is due: push_time, or now. */
  pushAt: Date;
  /** Doc 2: "a push_time less than 1 minute from now is sent immediately". */
  scheduled: boolean;
  expiresAt: Date | null;
  deviceIds?: string[];
}

/** Doc 2 prod: "When absent: if header X-LC-Prod is present and not 1 it means dev, otherwise prod". */
const prodOf = (given: 'dev' | 'prod' | null | undefined, header: string | undefined) =>
  given ?? (header !== undefined && header !== '1' ? 'dev' : 'prod');

function timing(p: PushParams | PushDevicesParams, pushTime: string | null | undefined, now: Date) {
  const given = pushTime ? new Date(pushTime) : undefined;
  const scheduled = given !== undefined && given.getTime() - now.getTime() >= SCHEDULE_MIN_AHEAD_MS;
  // Doc 2 expiration_interval: "counted from push_time or, if absent, from the call time".
  const expiresAt = p.expiration_time
    ? new Date(p.expiration_time)
    : p.expiration_interval
      ? new Date((given ?? now).getTime() + p.expiration_interval * 1000)
      : null;
  return { pushAt: scheduled && given ? given : now, scheduled, expiresAt };
}

function checkAlert(data: Record<string, unknown>): void {
  if (!dataHasAlert(data))
    throw badRequest(LcCode.InvalidParameter, 'data.alert is required: the text the device shows.');
}

/** Doc 2 POST /1.1/push: "channels ... added to where as a condition". */
export function whereWithChannels(where: PushParams['where'], channels: string[] | null | undefined) {
  let w: unknown = where ?? {};
  if (typeof w === 'string') {
    try {
      w = JSON.parse(w);
    } catch {
      throw badRequest(LcCode.InvalidParameter, 'where must be a JSON object.');
    }
  }
  if (!isPlainObject(w)) throw badRequest(LcCode.InvalidParameter, 'where must be a JSON object.');
  if (!channels?.length) return w;
  const cond = { channels: { $in: channels } };
  if ('channels' in w) return { $and: [w, cond] };
  return { ...w, ...cond };
}

export function acceptQueryPush(req: ApiRequest, now: Date): AcceptedPush {
  const p = parseInput(pushParamsSchema, req.body, 'push parameters');
  checkAlert(p.data);
  const where = whereWithChannels(p.where, p.channels);
  // Refused now, not when the push runs: a where Doc 1 does not accept.
  parseWhere(JSON.stringify(where));
  const flow = p.flow_control == null ? undefined : Math.max(1000, p.flow_control);
  return {
    request: {
      kind: 'query',
      notificationId: p.notification_id ?? randomAlnum(16),
      data: p.data,
      where,
      prod: prodOf(p.prod, req.prodHeader),
      ...(p.topic ? { topic: p.topic } : {}),
      ...(p.apns_team_id ? { apnsTeamId: p.apns_team_id } : {}),
      ...(flow ? { flowControl: flow } : {}),
      ...(p._notificationChannel ? { notificationChannel: p._notificationChannel } : {}),
    },
    reqId: p.req_id ?? undefined,
    ...timing(p, p.push_time, now),
  };
}

export function acceptDevicesPush(req: ApiRequest, now: Date): AcceptedPush {
  const p = parseInput(pushDevicesParamsSchema, req.body, 'push parameters');
  checkAlert(p.data);
  const request: PushRequest = {
    kind: 'devices',
    notificationId: p.notification_id ?? randomAlnum(16),
    data: p.data,
    prod: prodOf(p.prod, req.prodHeader),
    deviceType: p.device_type,
    ...(p.vendor ? { vendor: p.vendor } : {}),
    ...(p.device_profile ? { deviceProfile: p.device_profile } : {}),
    ...(p.topic ? { topic: p.topic } : {}),
    ...(p.apns_team_id ? { apnsTeamId: p.apns_team_id } : {}),
    ...(p.channel ? { notificationChannel: p.channel } : {}),
  };
  // Every listed device shares type, vendor and profile: one device shows what all of them get.
  const sample = routeTarget(deviceTarget(p.device_ids[0] ?? 'x', request), request, {
    expiresAt: null,
    now,
  });
  if ('error' in sample && !sample.error.startsWith('vivo'))
    throw badRequest(LcCode.InvalidParameter, `${sample.error}.`);
  return {
    request,
    reqId: p.req_id ?? undefined,
    deviceIds: [...new Set(p.device_ids)],
    ...timing(p, undefined, now),
  };
}
