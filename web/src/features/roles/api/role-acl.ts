import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { aclSchema, updateResponseSchema } from '@switchboard/shared';
import type { Acl } from '@switchboard/shared';
import { upstreamSend } from '../../../lib/api';
import { roleKeys } from './keys';
import { queryBuiltin } from './upstream';

/** A role's stored ACL; a query returns it only when asked (`returnACL`). */
export const useRoleAcl = (app: string, roleId: string) =>
  useQuery({
    queryKey: roleKeys.acl(app, roleId),
    queryFn: async ({ signal }) => {
      const [role] = await queryBuiltin(
        app,
        '/1.1/roles',
        { where: { objectId: roleId }, keys: 'name', limit: 1, returnACL: true },
        signal,
      );
      const acl = aclSchema.safeParse(role?.ACL);
      return acl.success ? acl.data : {};
    },
  });

export function useSaveRoleAcl(app: string, roleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (acl: Acl) =>
      upstreamSend(app, 'PUT', `/1.1/roles/${encodeURIComponent(roleId)}`, updateResponseSchema, {
        body: { ACL: acl },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: roleKeys.all(app) }),
  });
}
