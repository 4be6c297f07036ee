import type { ObjectRow } from '../store/objects';

export type ApiObject = Record<string, unknown>;

/** A stored row as the API returns it: fields, then createdAt, updatedAt, objectId. */
export function toApi(row: ObjectRow, opts: { withAcl?: boolean } = {}): ApiObject {
  const out: ApiObject = { ...row.data };
  if (opts.withAcl && row.acl) out.ACL = row.acl;
  out.createdAt = row.created_at.toISOString();
  out.updatedAt = row.updated_at.toISOString();
  out.objectId = row.id;
  return out;
}
