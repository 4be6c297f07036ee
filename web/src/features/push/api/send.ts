import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  audienceSchema,
  consoleRoutes,
  pushResponseSchema,
  queryResponseSchema,
  schemasResponseSchema,
} from '@switchboard/shared';
import type { Audience, PushTestSendBody } from '@switchboard/shared';
import { z } from 'zod';
import { fieldTypes } from '../../../components/query-builder/fields';
import { apiRequest, upstreamGet, upstreamSend } from '../../../lib/api';
import { useAppPermission } from '../../../lib/session';
import { deviceSearchWhere } from '../../../components/installations/device-search';
import { pushKeys } from './keys';

const audienceOf = (
  app: string,
  where: Record<string, unknown>,
  channels: string[] | undefined,
  estimate: boolean,
  signal: AbortSignal,
) =>
  upstreamGet(app, '/1.1/switchboard/push/audience', audienceSchema, {
    query: {
      where: JSON.stringify(where),
      ...(channels ? { channels: JSON.stringify(channels) } : {}),
      ...(estimate ? { estimate: 1 } : {}),
    },
    signal,
  });

/**
 * The devices an audience reaches, by platform and Android delivery channel, as the server counts
 * the installations it targets (refreshed in the last three months, not marked invalid). On a
 * large table an estimate from a sample comes first, then the exact count replaces it.
 */
export function useAudience(app: string, where: Record<string, unknown>, channels: string[] | undefined) {
  const key = pushKeys.estimate(app, { where, channels });
  const first = useQuery({
    queryKey: [...key, 'estimate'],
    queryFn: ({ signal }) => audienceOf(app, where, channels, true, signal),
    placeholderData: keepPreviousData,
  });
  const exact = useQuery({
    queryKey: [...key, 'exact'],
    queryFn: ({ signal }) => audienceOf(app, where, channels, false, signal),
    enabled: first.data?.exact === false && !first.isPlaceholderData,
  });
  const data: Audience | undefined = first.data?.exact === false && exact.data ? exact.data : first.data;
  return { data, error: first.error ?? exact.error, isFetching: first.isFetching || exact.isFetching };
}

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

/** The `_Installation` fields with their types, for the audience's condition builder. */
export const useInstallationFields = (app: string) =>
  useQuery({
    queryKey: [...pushKeys.all(app), 'installation-fields'],
    queryFn: async ({ signal }) => {
      const all = await upstreamGet(app, '/1.1/schemas', schemasResponseSchema, { signal });
      return fieldTypes(all._Installation);
    },
    staleTime: 60_000,
  });
