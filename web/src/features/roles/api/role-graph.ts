import { useQuery } from '@tanstack/react-query';
import type { RoleNode } from '../utils/graph';
import { roleKeys } from './keys';
import { pointer, queryBuiltin, textOf } from './upstream';

export interface RoleSummary extends RoleNode {
  createdAt: string;
}

// Child lists are read a few roles at a time so a large app does not open hundreds of requests.
const PARALLEL = 6;

async function inBatches<T, R>(items: readonly T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += PARALLEL) {
    out.push(...(await Promise.all(items.slice(i, i + PARALLEL).map(run))));
  }
  return out;
}

/**
 * Every role with the objectIds of its `roles` relation. The API has no way to read all relation
 * edges at once, so each role's children are one `$relatedTo` query.
 */
export async function getRoleGraph(app: string, signal?: AbortSignal): Promise<RoleSummary[]> {
  const roles = await queryBuiltin(app, '/1.1/roles', { keys: 'name', order: 'name' }, signal);
  return inBatches(roles, async (role) => {
    const children = await queryBuiltin(
      app,
      '/1.1/roles',
      { where: { $relatedTo: { object: pointer('_Role', role.objectId), key: 'roles' } }, keys: 'name' },
      signal,
    );
    return {
      objectId: role.objectId,
      name: textOf(role, 'name'),
      createdAt: role.createdAt,
      children: children.map((c) => c.objectId),
    };
  });
}

export const useRoleGraph = (app: string) =>
  useQuery({ queryKey: roleKeys.graph(app), queryFn: ({ signal }) => getRoleGraph(app, signal) });
