import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleRoutes } from '@switchboard/shared';
import type { z } from 'zod';
import type { usePasswordLinkBodySchema } from '@switchboard/shared';
import { callRoute } from '../../../lib/api';
import { authKeys } from './keys';

export type PasswordLinkBody = z.infer<typeof usePasswordLinkBodySchema>;

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
