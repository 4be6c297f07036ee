import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createResponseSchema } from '@switchboard/shared';
import type { Acl } from '@switchboard/shared';
import { upstreamSend } from '../../../lib/api';
import { roleKeys } from './keys';

export const useCreateRole = (app: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; ACL: Acl }) =>
      upstreamSend(app, 'POST', '/1.1/roles', createResponseSchema, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: roleKeys.all(app) }),
  });
};
