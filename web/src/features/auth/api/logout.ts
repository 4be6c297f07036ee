import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleRoutes } from '@switchboard/shared';
import { callRoute } from '../../../lib/api';
import { authKeys } from './keys';

export const logout = () => callRoute(consoleRoutes.logout);

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Nothing the signed-out user loaded may stay in memory.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.all[0] });
      queryClient.setQueryData(authKeys.session(), null);
    },
  });
}
