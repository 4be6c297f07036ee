import type { Params } from './params';

export type Permission = 'read' | 'write';

/**
 * The SQL condition "the row's ACL grants `perm` to one of `keys`" (keys: "*", the user's id,
 * "role:<name>" for each of the user's roles). A row without an ACL is public: Doc 1 leaves the
 * default to the class, and an object created without an ACL is readable and writable by all.
 * `undefined` keys is the master key: no condition.
 */
export function aclCondition(p: Params, keys: readonly string[] | undefined, perm: Permission): string {
  if (keys === undefined) return 'TRUE';
  const grants = keys.map((k) => `acl @> ${p.json({ [k]: { [perm]: true } })}`);
  return `(acl IS NULL OR ${grants.join(' OR ')})`;
}
