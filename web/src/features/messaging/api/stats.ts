import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { imStatsSchema } from '@switchboard/shared';
import { upstreamGet } from '../../../lib/api';
import { imKeys } from './keys';

/** How often the overview asks again: online now is live, the rest is cheap to read with it. */
export const STATS_REFRESH_MS = 10_000;

/** Online now, users today, users and messages per day for `days` days, online over 24 hours. */
export const useImStats = (app: string, days: number) =>
  useQuery({
    queryKey: imKeys.stats(app, days),
    queryFn: async ({ signal }) =>
      (await upstreamGet(app, '/1.1/switchboard/im/stats', imStatsSchema, { query: { days }, signal }))
        .result,
    refetchInterval: STATS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
