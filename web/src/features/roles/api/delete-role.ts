import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { principalKeys } from '../../../components/acl/api';
import { upstreamSend } from '../../../lib/api';
import { roleKeys } from './keys';

/**
 * DELETE /1.1/roles/<objectId>. `onDeleted` runs before the lists are read again: the role's page
 * loses the role then, and its dialog with it, whose own callbacks would never run.
 */
export function useDeleteRole(app: string, onDeleted: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (roleId: string) =>
      upstreamSend(app, 'DELETE', `/1.1/roles/${encodeURIComponent(roleId)}`, z.looseObject({})),
    onSuccess: async () => {
      onDeleted();
      await Promise.all([
        client.invalidateQueries({ queryKey: roleKeys.all(app) }),
        client.invalidateQueries({ queryKey: principalKeys.all(app) }),
      ]);
    },
  });
}
