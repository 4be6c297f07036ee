import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleRoutes, consoleUserResponseSchema, forceLogoutResponseSchema } from '@switchboard/shared';
import type { CreateConsoleUserBody, UpdateConsoleUserBody } from '@switchboard/shared';
import { apiRequest, callRoute } from '../../../lib/api';
import { adminKeys } from './keys';

const userPath = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

export const useConsoleUsers = () =>
  useQuery({
    queryKey: adminKeys.users(),
    queryFn: () => callRoute(consoleRoutes.listConsoleUsers),
    select: (r) => r.users,
  });

/** The configured apps; the same cache entry as the app selector's. */
export const useAdminApps = () =>
  useQuery({
    queryKey: ['apps', 'list'],
    queryFn: () => callRoute(consoleRoutes.listApps),
    staleTime: 5 * 60_000,
    select: (r) => r.apps,
  });

/** Every change to a user refreshes the list, whatever it was. */
function useUserMutation<V, R>(mutationFn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}

export const useCreateConsoleUser = () =>
  useUserMutation((body: CreateConsoleUserBody) => callRoute(consoleRoutes.createConsoleUser, body));

export const useUpdateConsoleUser = () =>
  useUserMutation(({ id, change }: { id: string; change: UpdateConsoleUserBody }) =>
    apiRequest(userPath(consoleRoutes.updateConsoleUser.path, id), {
      method: 'PUT',
      body: change,
      schema: consoleUserResponseSchema,
    }),
  );

export const useResetPassword = () =>
  useUserMutation((id: string) =>
    apiRequest(userPath(consoleRoutes.resetConsoleUserPassword.path, id), {
      method: 'POST',
      schema: consoleUserResponseSchema,
    }),
  );

export const useEndSessions = () =>
  useUserMutation((id: string) =>
    apiRequest(userPath(consoleRoutes.endConsoleUserSessions.path, id), {
      method: 'DELETE',
      schema: forceLogoutResponseSchema,
    }),
  );

export const useClearTotp = () =>
  useUserMutation((id: string) =>
    apiRequest(userPath(consoleRoutes.resetConsoleUserTotp.path, id), {
      method: 'DELETE',
      schema: consoleUserResponseSchema,
    }),
  );
