import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleRoutes } from '@switchboard/shared';
import type { Acl } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api';

const pathOf = (app: string) => consoleRoutes.getDefaultAcl.path.replace(':app', encodeURIComponent(app));

/** Query keys of the console's own settings of an app. */
export const appSettingKeys = {
  defaultAcl: (app: string) => ['app-settings', app, 'default-acl'] as const,
};

/** The ACL the console gives objects it creates in the app; null while nobody has chosen one. */
export const useDefaultAcl = (app: string) =>
  useQuery({
    queryKey: appSettingKeys.defaultAcl(app),
    queryFn: ({ signal }) =>
      apiRequest(pathOf(app), { schema: consoleRoutes.getDefaultAcl.response, signal }),
  });

export function useSaveDefaultAcl(app: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (defaultAcl: Acl) =>
      apiRequest(pathOf(app), {
        method: 'PUT',
        body: { defaultAcl },
        schema: consoleRoutes.putDefaultAcl.response,
      }),
    onSuccess: (answer) => client.setQueryData(appSettingKeys.defaultAcl(app), answer),
  });
}
