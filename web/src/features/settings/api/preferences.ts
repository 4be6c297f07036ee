import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleRoutes } from '@switchboard/shared';
import type { PreferencesUpdate } from '@switchboard/shared';
import { callRoute } from '../../../lib/api';
import { settingsKeys } from './keys';

export const getPreferences = () => callRoute(consoleRoutes.getPreferences);

export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.preferences(),
    queryFn: getPreferences,
    staleTime: Infinity,
    select: (r) => r.preferences,
  });

export const usePreferences = () => useQuery(preferencesQueryOptions());

/** Saves a change; the server's answer (all settings) replaces the cached ones. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PreferencesUpdate) => callRoute(consoleRoutes.updatePreferences, change),
    onSuccess: (data) => queryClient.setQueryData(settingsKeys.preferences(), data),
  });
}
