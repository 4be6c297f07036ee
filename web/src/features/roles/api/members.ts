import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { updateResponseSchema } from '@switchboard/shared';
import type { UserSummary } from '../../../components/acl/api';
import { upstreamSend } from '../../../lib/api';
import { roleKeys } from './keys';
import { pointer, queryBuiltin, textOf } from './upstream';

export type { UserSummary };

const toUser = (o: { objectId: string } & Record<string, unknown>): UserSummary => ({
  objectId: o.objectId,
  username: textOf({ ...o, createdAt: '', updatedAt: '' }, 'username'),
});

/** The users in a role's own `users` relation (those of child roles are not listed). */
export const useRoleUsers = (app: string, roleId: string) =>
  useQuery({
    queryKey: roleKeys.users(app, roleId),
    queryFn: async ({ signal }) =>
      (
        await queryBuiltin(
          app,
          '/1.1/users',
          {
            where: { $relatedTo: { object: pointer('_Role', roleId), key: 'users' } },
            keys: 'username',
            order: 'username',
          },
          signal,
        )
      ).map(toUser),
  });

/** The objectIds of the roles whose `users` relation holds the user. */
export const useDirectRoles = (app: string, userId: string | undefined) =>
  useQuery({
    queryKey: roleKeys.directRoles(app, userId ?? ''),
    queryFn: async ({ signal }) =>
      (
        await queryBuiltin(
          app,
          '/1.1/roles',
          { where: { users: pointer('_User', userId ?? '') }, keys: 'name' },
          signal,
        )
      ).map((r) => r.objectId),
    enabled: userId !== undefined,
  });

export interface MemberChange {
  field: 'users' | 'roles';
  op: 'AddRelation' | 'RemoveRelation';
  objectId: string;
}

/** Adds or removes one user or child role; every roles query of the app is stale afterwards. */
export function useChangeMembers(app: string, roleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ field, op, objectId }: MemberChange) =>
      upstreamSend(app, 'PUT', `/1.1/roles/${encodeURIComponent(roleId)}`, updateResponseSchema, {
        body: {
          [field]: {
            __op: op,
            objects: [pointer(field === 'users' ? '_User' : '_Role', objectId)],
          },
        },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: roleKeys.all(app) }),
  });
}
