import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleRoutes, pushResponseSchema, queryResponseSchema, VENDORS } from '@switchboard/shared';
import type { PushTestSendBody } from '@switchboard/shared';
import { z } from 'zod';
import { apiRequest, upstreamGet, upstreamSend } from '../../../lib/api';
import { useAppPermission } from '../../../lib/session';
import { deviceSearchWhere } from '../utils/device-search';
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
  // An audience's own "active within" is at most 90 days, so it is never looser than freshness.
  const w: Record<string, unknown> = {
    updatedAt: { $gt: { __type: 'Date', iso: new Date(now.getTime() - FRESH_MS).toISOString() } },
    ...where,
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

/**
 * Android devices an audience reaches per delivery channel (own channel, each vendor). Asked apart
 * from the platform estimate, so that one shows first.
 */
export const useVendorEstimate = (
  app: string,
  where: Record<string, unknown>,
  channels: string[] | undefined,
  enabled: boolean,
) =>
  useQuery({
    queryKey: [...pushKeys.estimate(app, { where, channels }), 'vendors'],
    enabled,
    queryFn: async ({ signal }) => {
      const base = { ...targetedWhere(where, channels, new Date()), deviceType: 'android' };
      const kinds = ['android', ...VENDORS] as const;
      const counts = await Promise.all(
        kinds.map((k) => countOf(app, { ...base, vendor: k === 'android' ? { $exists: false } : k }, signal)),
      );
      return kinds.map((k, i) => ({ kind: k, count: counts[i] ?? 0 })).filter((c) => c.count > 0);
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

/** Installations matching `term` (for a test send): see deviceSearchWhere. */
export const useDeviceSearch = (app: string, term: string) => {
  const seesTokens = useAppPermission(app, 'secrets.read');
  return useQuery({
    queryKey: [...pushKeys.devices(app, term), seesTokens],
    enabled: term.trim().length > 0,
    queryFn: async ({ signal }) =>
      (
        await upstreamGet(app, '/1.1/installations', queryResponseSchema, {
          query: {
            where: JSON.stringify(deviceSearchWhere(term, seesTokens)),
            limit: 10,
            order: '-updatedAt',
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

const testSendPath = (app: string) =>
  consoleRoutes.pushTestSend.path.replace(':app', encodeURIComponent(app));

/**
 * A test push to one installation by objectId: the bff reads its device id (an iOS token the role
 * may not see) and sends through /1.1/push/devices.
 */
export const useTestSend = (app: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PushTestSendBody) =>
      apiRequest(testSendPath(app), { method: 'POST', body, schema: consoleRoutes.pushTestSend.response }),
    onSuccess: () => qc.invalidateQueries({ queryKey: pushKeys.all(app) }),
  });
};

const deliveriesSchema = z.object({
  results: z.array(z.looseObject({ channel: z.string(), payload: z.unknown(), createdAt: z.string() })),
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
