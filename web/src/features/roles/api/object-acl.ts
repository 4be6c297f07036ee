import { useQuery } from '@tanstack/react-query';
import { aclSchema, queryResponseSchema } from '@switchboard/shared';
import type { Acl } from '@switchboard/shared';
import { upstreamGet } from '../../../lib/api';
import { roleKeys } from './keys';

export type ObjectAcl = { found: false } | { found: true; acl: Acl | undefined };

/** The stored ACL of one object (queries return it only when asked), or that it does not exist. */
export async function getObjectAcl(
  app: string,
  className: string,
  objectId: string,
  signal?: AbortSignal,
): Promise<ObjectAcl> {
  const res = await upstreamGet(app, `/1.1/classes/${encodeURIComponent(className)}`, queryResponseSchema, {
    query: { where: JSON.stringify({ objectId }), returnACL: 'true', limit: 1 },
    signal,
  });
  const [object] = res.results;
  if (!object) return { found: false };
  const acl = aclSchema.safeParse(object.ACL);
  return { found: true, acl: acl.success ? acl.data : undefined };
}

export const useObjectAcl = (app: string, target: { className: string; objectId: string } | null) =>
  useQuery({
    queryKey: roleKeys.objectAcl(app, target?.className ?? '', target?.objectId ?? ''),
    queryFn: ({ signal }) => getObjectAcl(app, target?.className ?? '', target?.objectId ?? '', signal),
    enabled: target !== null,
  });
