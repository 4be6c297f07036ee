import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createResponseSchema } from '@switchboard/shared';
import type { Acl } from '@switchboard/shared';
import { principalKeys } from '../../../components/acl/api';
import { upstreamSend } from '../../../lib/api';
import { roleKeys } from './keys';

export const useCreateRole = (app: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; ACL: Acl }) =>
      upstreamSend(app, 'POST', '/1.1/roles', createResponseSchema, { body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: roleKeys.all(app) }),
        // ACL editors warn of role names that match no role: this one does now.
        client.invalidateQueries({ queryKey: principalKeys.all(app) }),
      ]),
  });
};
