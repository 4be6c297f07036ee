import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { queryResponseSchema } from '@switchboard/shared';
import { upstreamGet, upstreamSend } from '../../../lib/api';
import { useAppPermission } from '../../../lib/session';
import { devicesWhere, PLATFORM_FILTERS, platformWhere } from '../../../components/installations/devices';
import type { PlatformFilter } from '../../../components/installations/devices';
import { pushKeys } from './keys';

export const DEVICES_PAGE = 50;

/** A page of the app's installations, the most recently active first. */
export const useInstallations = (app: string, term: string, platform: PlatformFilter, page: number) => {
  const seesTokens = useAppPermission(app, 'secrets.read');
  return useQuery({
    queryKey: [...pushKeys.devices(app, term), 'list', platform, page, seesTokens],
    queryFn: ({ signal }) =>
      upstreamGet(app, '/1.1/installations', queryResponseSchema, {
        query: {
          where: JSON.stringify(devicesWhere(term, platform, seesTokens)),
          order: '-updatedAt',
          limit: DEVICES_PAGE,
          skip: page * DEVICES_PAGE,
          count: 1,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
};

/** How many installations each platform and vendor has (counted by the server). */
export const useDeviceCounts = (app: string) =>
  useQuery({
    queryKey: [...pushKeys.all(app), 'device-counts'],
    queryFn: async ({ signal }) => {
      const counts = await Promise.all(
        PLATFORM_FILTERS.map(async (p) => {
          const r = await upstreamGet(app, '/1.1/installations', queryResponseSchema, {
            query: { where: JSON.stringify(platformWhere(p)), count: 1, limit: 0 },
            signal,
          });
          return [p, r.count ?? 0] as const;
        }),
      );
      return new Map<PlatformFilter, number>(counts);
    },
  });

const deviceDeliveriesSchema = z.object({
  results: z.array(
    z.looseObject({
      push: z.string().optional(),
      channel: z.string(),
      payload: z.unknown(),
      createdAt: z.string(),
    }),
  ),
});

/** The last pushes the recorder stored for one installation, newest first. */
export const useDeviceDeliveries = (app: string, installation: string) =>
  useQuery({
    queryKey: [...pushKeys.deliveries(app, ''), 'installation', installation],
    queryFn: async ({ signal }) =>
      (
        await upstreamGet(app, '/1.1/switchboard/push/deliveries', deviceDeliveriesSchema, {
          query: { installation, limit: 5 },
          signal,
        })
      ).results,
  });

const installationPath = (id: string) => `/1.1/installations/${encodeURIComponent(id)}` as const;

/** Replaces an installation's channels (PUT through the bff: data.write, audited). */
export function useSaveChannels(app: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: string; channels: string[] }) =>
      upstreamSend(app, 'PUT', installationPath(p.id), z.looseObject({}), { body: { channels: p.channels } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: pushKeys.all(app) }),
  });
}

/** Deletes an installation (DELETE through the bff: data.write, audited). */
export function useDeleteInstallation(app: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => upstreamSend(app, 'DELETE', installationPath(id), z.looseObject({})),
    onSuccess: () => qc.invalidateQueries({ queryKey: pushKeys.all(app) }),
  });
}
