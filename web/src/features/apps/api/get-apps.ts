import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleRoutes } from '@switchboard/shared';
import { callRoute } from '../../../lib/api';
import { appKeys } from './keys';

export const getApps = () => callRoute(consoleRoutes.listApps);

export const appsQueryOptions = () =>
  queryOptions({ queryKey: appKeys.list(), queryFn: getApps, staleTime: 5 * 60_000, select: (r) => r.apps });

export const useApps = () => useQuery(appsQueryOptions());
