import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleRoutes } from '@switchboard/shared';
import type { SetupBody } from '@switchboard/shared';
import { callRoute } from '../../../lib/api';
import { authKeys } from './keys';

export const setup = (body: SetupBody) => callRoute(consoleRoutes.setup, body);

export function useSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setup,
    onSuccess: (session) => {
      queryClient.setQueryData(authKeys.setupStatus(), { needed: false });
      queryClient.setQueryData(authKeys.session(), session);
    },
  });
}
