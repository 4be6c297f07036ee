import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleRoutes } from '@switchboard/shared';
import type { z } from 'zod';
import type { usePasswordLinkBodySchema } from '@switchboard/shared';
import { callRoute } from '../../../lib/api';
import { authKeys } from './keys';

export type PasswordLinkBody = z.infer<typeof usePasswordLinkBodySchema>;

/** Whether the link can still be used and whose account it is for, asked before a password is typed. */
export const usePasswordLinkStatus = (token: string) =>
  useQuery({
    queryKey: [...authKeys.all, 'password-link', token],
    queryFn: () => callRoute(consoleRoutes.checkPasswordLink, { token }),
    enabled: token !== '',
    staleTime: Infinity,
    retry: false,
  });

export const followPasswordLink = (body: PasswordLinkBody) => callRoute(consoleRoutes.usePasswordLink, body);

/** Follows an invitation or reset link: the password is set and the person is signed in. */
export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: followPasswordLink,
    onSuccess: (session) => {
      queryClient.setQueryData(authKeys.session(), session);
    },
  });
}
