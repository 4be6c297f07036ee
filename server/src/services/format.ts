import type { Acl } from '@switchboard/shared';
import type { ObjectRow } from '../store/objects';

export type ApiObject = Record<string, unknown>;

/**
 * What an object saved without an ACL grants: everyone reads and writes (store/acl-sql.ts). When
 * ACLs are returned it is spelled out, as LeanCloud did: apps call getACL() and expect one.
 */
const defaultAcl = (): Acl => ({ '*': { read: true, write: true } });

/** A stored row as the API returns it: fields, then createdAt, updatedAt, objectId. */
export function toApi(row: ObjectRow, opts: { withAcl?: boolean } = {}): ApiObject {
  const out: ApiObject = { ...row.data };
  if (opts.withAcl) out.ACL = row.acl ?? defaultAcl();
  out.createdAt = row.created_at.toISOString();
  out.updatedAt = row.updated_at.toISOString();
  out.objectId = row.id;
  return out;
}
