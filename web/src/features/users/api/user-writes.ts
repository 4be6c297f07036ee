import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createResponseSchema, updateResponseSchema } from '@switchboard/shared';
import { z } from 'zod';
import { upstreamSend } from '../../../lib/api';
import { unlinkBody } from '../utils/user-fields';
import { userKeys } from './keys';

const userPath = (objectId: string) => `/1.1/users/${encodeURIComponent(objectId)}` as const;

export interface NewUser {
  username: string;
  password: string;
  email?: string;
  mobilePhoneNumber?: string;
}

/** Any write refreshes every read of the app's users: searches and user pages alike. */
function useUsersMutation<V, R>(app: string, mutationFn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all(app) }),
  });
}

export const useCreateUser = (app: string) =>
  useUsersMutation(app, (user: NewUser) =>
    upstreamSend(app, 'POST', '/1.1/users', createResponseSchema, { body: user }),
  );

/** A new password, set with the master key: no old password, no session needed. */
export const useSetPassword = (app: string, objectId: string) =>
  useUsersMutation(app, (password: string) =>
    upstreamSend(app, 'PUT', userPath(objectId), updateResponseSchema, { body: { password } }),
  );

export const useUnlink = (app: string, objectId: string) =>
  useUsersMutation(app, (platform: string) =>
    upstreamSend(app, 'PUT', userPath(objectId), updateResponseSchema, { body: unlinkBody(platform) }),
  );

/** Replaces the session token: every device signed in as the user is signed out. */
export const useRefreshSessionToken = (app: string, objectId: string) =>
  useUsersMutation(app, () =>
    upstreamSend(app, 'PUT', `${userPath(objectId)}/refreshSessionToken`, z.looseObject({})).then(
      () => undefined,
    ),
  );

export function useDeleteUser(app: string, objectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => upstreamSend(app, 'DELETE', userPath(objectId), z.looseObject({})),
    // The deleted user's page is dropped rather than refetched (it would answer "not found").
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: userKeys.detail(app, objectId) });
      await queryClient.invalidateQueries({ queryKey: userKeys.all(app) });
    },
  });
}
