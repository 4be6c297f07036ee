import { useQuery } from '@tanstack/react-query';
import { pushGatewaysSchema } from '@switchboard/shared';
import { z } from 'zod';
import { upstreamGet } from '../../../lib/api';
import { pushKeys } from './keys';

/** Records read for the overview: enough for the charts, at most this many. */
export const OVERVIEW_MAX = 1000;

const figuresSchema = z.object({
  results: z.array(
    z.looseObject({
      createdAt: z.string(),
      devices: z.number(),
      successes: z.number(),
      errors: z.array(z.string()),
    }),
  ),
});

/** The push records of the last `days` days, only the fields the overview counts. */
export const useRecentFigures = (app: string, days: number) =>
  useQuery({
    queryKey: [...pushKeys.all(app), 'overview', days],
    queryFn: async ({ signal }) => {
      const since = new Date(Date.now() - days * 86_400_000).toISOString();
      return (
        await upstreamGet(app, '/1.1/notifications', figuresSchema, {
          query: {
            where: JSON.stringify({ createdAt: { $gte: { __type: 'Date', iso: since } } }),
            keys: 'createdAt,devices,successes,errors',
            order: '-createdAt',
            limit: OVERVIEW_MAX,
          },
          signal,
        })
      ).results;
    },
    refetchInterval: 30_000,
  });

/** Which push gateways the app has configured, by channel, profile and adapter name only. */
export const useGateways = (app: string) =>
  useQuery({
    queryKey: [...pushKeys.all(app), 'gateways'],
    queryFn: ({ signal }) =>
      upstreamGet(app, '/1.1/switchboard/push/gateways', pushGatewaysSchema, { signal }),
    staleTime: 300_000,
  });
