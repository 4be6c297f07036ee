import { createHash } from 'node:crypto';
import { DEFAULT_PROFILE } from '@switchboard/shared';
import type { Vendor } from '@switchboard/shared';
import { VENDOR_CHANNEL } from '../model';
import type { Channel, PushRequest, Target } from '../model';
import { androidProblem, fcmMessage, ownChannelMessage, vendorMessage } from './android';
import { channelData } from './data';
import { apnsRequest } from './ios';

/** A target with its channel, profile, address and payload; or why it cannot be sent. */
export type Routed =
  | { channel: Channel; profile: string; deviceId: string; payload: unknown; digest: string }
  | { channel: Channel | undefined; error: string };

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

export const digestOf = (payload: unknown) =>
  createHash('sha1').update(JSON.stringify(payload)).digest('hex').slice(0, 16);

/** Doc 2: iOS by deviceToken; Android vendor devices by registrationId; own channel by installationId. */
function channelOf(t: Target): { channel: Channel; deviceId: string | undefined } {
  const f = t.fields;
  if (t.deviceType === 'ios') return { channel: 'ios', deviceId: str(f.deviceToken) };
  const vendor = str(f.vendor) as Vendor | undefined;
  if (vendor && Object.hasOwn(VENDOR_CHANNEL, vendor))
    return { channel: VENDOR_CHANNEL[vendor], deviceId: str(f.registrationId) };
  return { channel: 'lc', deviceId: str(f.installationId) };
}

type Built = { payload: unknown; digest: string } | { error: string };

/**
 * Payloads already built within one chunk, by what they depend on: a chunk's devices mostly share
 * one (each Android channel; iOS devices of one topic, team and badge), so it is built and
 * hashed once instead of once a device. Payloads are never changed after they are built.
 */
export type PayloadMemo = Map<string, Built>;

/** Routes one target of a push and builds its payload in the form its gateway takes. */
export function routeTarget(
  t: Target,
  req: PushRequest,
  ctx: { expiresAt: Date | null; now: Date; memo?: PayloadMemo },
): Routed {
  const { channel, deviceId } = channelOf(t);
  if (!deviceId)
    return {
      channel,
      error:
        channel === 'ios'
          ? 'an iOS installation without a deviceToken was skipped'
          : channel === 'lc'
            ? 'an Android installation without an installationId was skipped'
            : 'an Android vendor installation without a registrationId was skipped',
    };
  // Doc 2 prod: "With certificates, a deviceProfile on the installation takes priority".
  const profile = str(t.fields.deviceProfile) ?? req.deviceProfile ?? DEFAULT_PROFILE;
  const built = payloadOf(t, req, channel, ctx);
  if ('error' in built) return { channel, error: built.error };
  return { channel, profile, deviceId, payload: built.payload, digest: built.digest };
}

/** The payload for `t` on `channel`, from `ctx.memo` when a device with the same inputs had one. */
function payloadOf(
  t: Target,
  req: PushRequest,
  channel: Channel,
  ctx: { expiresAt: Date | null; now: Date; memo?: PayloadMemo },
): Built {
  const badge = typeof t.fields.badge === 'number' && Number.isFinite(t.fields.badge) ? t.fields.badge : 0;
  const topic = req.topic ?? str(t.fields.apnsTopic);
  const teamId = req.apnsTeamId ?? str(t.fields.apnsTeamId);
  // Everything an iOS payload reads from its installation; Android payloads read none of it.
  const key = channel === 'ios' ? JSON.stringify([channel, badge, topic ?? null, teamId ?? null]) : channel;
  const hit = ctx.memo?.get(key);
  if (hit) return hit;
  const built = buildPayload(req, channel, { ...ctx, badge, topic, teamId });
  ctx.memo?.set(key, built);
  return built;
}

function buildPayload(
  req: PushRequest,
  channel: Channel,
  ctx: { expiresAt: Date | null; now: Date; badge: number; topic?: string; teamId?: string },
): Built {
  const d = channelData(req.data, channel);
  const common = { expiresAt: ctx.expiresAt, notificationChannel: req.notificationChannel };
  let payload: unknown;
  if (channel === 'ios') {
    const apns = apnsRequest(d, { topic: ctx.topic, expiresAt: ctx.expiresAt, badge: ctx.badge });
    if ('error' in apns) return { error: apns.error };
    payload = {
      ...apns,
      environment: req.prod === 'dev' ? 'development' : 'production',
      ...(ctx.teamId ? { teamId: ctx.teamId } : {}),
    };
  } else {
    const problem = androidProblem(d, channel);
    if (problem) return { error: problem };
    payload =
      channel === 'lc'
        ? ownChannelMessage(d, common)
        : channel === 'fcm'
          ? fcmMessage(d, { ...common, now: ctx.now })
          : vendorMessage(d, common);
  }
  return { payload, digest: digestOf(payload) };
}

/** The target of a /push/devices id: the request names the type, vendor and profile of every id. */
export function deviceTarget(id: string, req: PushRequest): Target {
  if (req.deviceType === 'ios') return { key: id, deviceType: 'ios', fields: { deviceToken: id } };
  if (req.vendor)
    return { key: id, deviceType: 'android', fields: { vendor: req.vendor, registrationId: id } };
  return { key: id, deviceType: 'android', fields: { installationId: id } };
}
