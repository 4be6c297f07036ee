import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleRoutes } from '@switchboard/shared';
import { callRoute } from '../../../lib/api';
import { authKeys } from './keys';

export const getSetupStatus = () => callRoute(consoleRoutes.setupStatus);

export const setupStatusQueryOptions = () =>
  queryOptions({ queryKey: authKeys.setupStatus(), queryFn: getSetupStatus, staleTime: Infinity });

export const useSetupStatus = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...setupStatusQueryOptions(), enabled: options.enabled ?? true });
