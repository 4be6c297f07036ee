import type { Acl } from '@switchboard/shared';
import type { ObjectRow } from '../store/objects';

export type ApiObject = Record<string, unknown>;

/**
 * What an object saved without an ACL grants: everyone reads and writes (store/acl-sql.ts). When
 * ACLs are returned it is spelled out, as LeanCloud did: apps call getACL() and expect one.
 */
const defaultAcl = (): Acl => ({ '*': { read: true, write: true } });

/**
 * A stored row as the API returns it: fields, then createdAt, updatedAt, objectId. `owned`: the
 * row was just read for this answer and nothing else holds it, so its data object becomes the
 * answer instead of being copied (a copy that then grows by three keys costs V8 more than the rest
 * of the object's shaping).
 */
export function toApi(row: ObjectRow, opts: { withAcl?: boolean; owned?: boolean } = {}): ApiObject {
  const out: ApiObject = opts.owned ? row.data : { ...row.data };
  if (opts.withAcl) out.ACL = row.acl ?? defaultAcl();
  out.createdAt = row.created_at.toISOString();
  out.updatedAt = row.updated_at.toISOString();
  out.objectId = row.id;
  return out;
}
