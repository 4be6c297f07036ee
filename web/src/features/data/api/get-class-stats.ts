import { queryOptions, useQuery } from '@tanstack/react-query';
import { classStatsResponseSchema } from '@switchboard/shared';
import type { ClassStatsResponse } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api';
import { upstreamPrefix } from '@switchboard/shared';
import { useSchemaWriteSupported } from './get-capabilities';
import { classKeys } from './keys';

export type ClassStat = ClassStatsResponse['results'][number];

/** Object counts of every class, estimated for large ones (Switchboard's /1.1/switchboard/class-stats). */
export const getClassStats = (app: string, signal?: AbortSignal) =>
  apiRequest(`${upstreamPrefix(app)}/1.1/switchboard/class-stats`, {
    schema: classStatsResponseSchema,
    signal,
  });

export const classStatsQueryOptions = (app: string) =>
  queryOptions({
    queryKey: classKeys.stats(app),
    queryFn: ({ signal }) => getClassStats(app, signal),
    select: (res) => new Map(res.results.map((r) => [r.className, r])),
  });

/**
 * `loading` until it is known whether the app serves counts; `unavailable` when it does not (or
 * they failed), and each class then counts itself exactly.
 */
export type ClassStats =
  { status: 'loading' } | { status: 'unavailable' } | { status: 'ready'; byName: Map<string, ClassStat> };

export function useClassStats(app: string): ClassStats {
  const supported = useSchemaWriteSupported(app);
  const stats = useQuery({ ...classStatsQueryOptions(app), enabled: supported === true });
  if (supported === false || stats.error) return { status: 'unavailable' };
  if (!stats.data) return { status: 'loading' };
  return { status: 'ready', byName: stats.data };
}
