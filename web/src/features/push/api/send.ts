import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pushResponseSchema, queryResponseSchema } from '@switchboard/shared';
import type { StoredObject } from '@switchboard/shared';
import { z } from 'zod';
import { upstreamGet, upstreamSend } from '../../../lib/api';
import { useAppPermission } from '../../../lib/session';
import { pushKeys } from './keys';

/** Doc 2 Limits: only installations refreshed within three months are targets (as the server counts). */
const FRESH_MS = 90 * 86_400_000;

const countOf = async (app: string, where: Record<string, unknown>, signal: AbortSignal) =>
  (
    await upstreamGet(app, '/1.1/installations', queryResponseSchema, {
      query: { where: JSON.stringify(where), count: 1, limit: 0 },
      signal,
    })
  ).count ?? 0;

/** The where the server targets for an audience: its conditions, fresh, not marked invalid. */
export function targetedWhere(where: Record<string, unknown>, channels: string[] | undefined, now: Date) {
  const w: Record<string, unknown> = {
    ...where,
    updatedAt: { $gt: { __type: 'Date', iso: new Date(now.getTime() - FRESH_MS).toISOString() } },
    valid: { $ne: false },
  };
  if (channels) w.channels = { $in: channels };
  return w;
}

export interface Estimate {
  ios: number;
  android: number;
}

/** Devices an audience reaches, by platform, counted by the server over _Installation. */
export const useEstimate = (app: string, where: Record<string, unknown>, channels: string[] | undefined) =>
  useQuery({
    queryKey: pushKeys.estimate(app, { where, channels }),
    queryFn: async ({ signal }): Promise<Estimate> => {
      const base = targetedWhere(where, channels, new Date());
      const only = (t: string) => (where.deviceType && where.deviceType !== t ? undefined : t);
      const [ios, android] = await Promise.all(
        ['ios', 'android'].map((t) =>
          only(t) ? countOf(app, { ...base, deviceType: t }, signal) : Promise.resolve(0),
        ),
      );
      return { ios: ios ?? 0, android: android ?? 0 };
    },
    placeholderData: keepPreviousData,
  });

/** The channels installations subscribe to (from a sample of the newest), for the audience picker. */
export const useKnownChannels = (app: string) =>
  useQuery({
    queryKey: pushKeys.channels(app),
    queryFn: async ({ signal }) => {
      const res = await upstreamGet(app, '/1.1/installations', queryResponseSchema, {
        query: { keys: 'channels', limit: 1000, order: '-updatedAt' },
        signal,
      });
      const all = new Set<string>();
      for (const r of res.results)
        if (Array.isArray(r.channels)) for (const c of r.channels) if (typeof c === 'string') all.add(c);
      return [...all].sort();
    },
  });

/** Installations whose installationId, deviceToken or registrationId is `term` (for a test send). */
export const useDeviceSearch = (app: string, term: string) => {
  // Device tokens are secrets the bff hides (and refuses to filter on) for roles without secrets.read.
  const seesTokens = useAppPermission(app, 'secrets.read');
  const fields = ['installationId', 'registrationId', 'objectId', ...(seesTokens ? ['deviceToken'] : [])];
  return useQuery({
    queryKey: [...pushKeys.devices(app, term), seesTokens],
    enabled: term.trim().length > 0,
    queryFn: async ({ signal }) =>
      (
        await upstreamGet(app, '/1.1/installations', queryResponseSchema, {
          query: {
            where: JSON.stringify({ $or: fields.map((k) => ({ [k]: term.trim() })) }),
            limit: 10,
          },
          signal,
        })
      ).results,
  });
};

export function useSendPush(app: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      upstreamSend(app, 'POST', '/1.1/push', pushResponseSchema, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: pushKeys.all(app) }),
  });
}

/** The bff's stand-in for a value the role may not see. */
const REDACTED = '[redacted]';

/**
 * The body of /1.1/push/devices that reaches one installation through its own channel, or
 * undefined when the id it needs is missing or hidden from the role (an iOS device token).
 */
export function testSendBody(
  device: StoredObject,
  data: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const id = (k: string) => {
    const v = device[k];
    return typeof v === 'string' && v !== '' && v !== REDACTED ? v : undefined;
  };
  if (device.deviceType === 'ios') {
    const token = id('deviceToken');
    return token ? { data, device_type: 'ios', device_ids: [token], prod: 'prod' } : undefined;
  }
  const vendor = id('vendor');
  const target = vendor ? id('registrationId') : id('installationId');
  if (!target) return undefined;
  return vendor
    ? { data, device_type: 'android', vendor, device_ids: [target], prod: 'prod' }
    : { data, device_type: 'android', device_ids: [target], prod: 'prod' };
}

export const useTestSend = (app: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      upstreamSend(app, 'POST', '/1.1/push/devices', pushResponseSchema, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: pushKeys.all(app) }),
  });
};

const deliveriesSchema = z.object({
  results: z.array(
    z.looseObject({ device: z.string(), channel: z.string(), payload: z.unknown(), createdAt: z.string() }),
  ),
});

/** What the recorder stored for a push (refreshed until something arrived). */
export const useDeliveries = (app: string, push: string | undefined) =>
  useQuery({
    queryKey: pushKeys.deliveries(app, push ?? ''),
    enabled: !!push,
    queryFn: async ({ signal }) =>
      (
        await upstreamGet(app, '/1.1/switchboard/push/deliveries', deliveriesSchema, {
          query: { push: push ?? '' },
          signal,
        })
      ).results,
    refetchInterval: (q) => (q.state.data && q.state.data.length > 0 ? false : 1000),
  });
