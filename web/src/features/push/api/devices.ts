import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryResponseSchema } from '@switchboard/shared';
import { upstreamGet } from '../../../lib/api';
import { useAppPermission } from '../../../lib/session';
import { devicesWhere, PLATFORM_FILTERS, platformWhere } from '../utils/devices';
import type { PlatformFilter } from '../utils/devices';
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
