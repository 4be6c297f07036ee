import { z } from 'zod';
import type { Acl } from '../upstream/objects';

export const DEFAULT_ACL_MAX_ENTRIES = 50;

/** "*", "role:<name>" (Doc 1 role names: letters, digits, underscore, "-") or a user's objectId. */
const ACL_KEY = /^(\*|role:[A-Za-z0-9_-]{1,128}|[A-Za-z0-9_-]{1,128})$/;

const granted = z.literal(true, 'grant read or write with true, and leave out what is not granted');
const rights = z
  .object({ read: granted.optional(), write: granted.optional() })
  .strict()
  .refine((r) => r.read === true || r.write === true, 'grant read or write, or leave the entry out');

/**
 * The ACL the console gives an object it creates in an app, unless the person changes it in the
 * New object form. A console choice, not the server's: clients that create objects themselves
 * are not affected. `{}` is allowed and means only the master key reads and writes.
 */
export const defaultAclSchema = z.record(z.string(), rights).superRefine((acl, ctx) => {
  const keys = Object.keys(acl);
  if (keys.length > DEFAULT_ACL_MAX_ENTRIES)
    ctx.addIssue({ code: 'custom', message: `a default ACL has at most ${DEFAULT_ACL_MAX_ENTRIES} entries` });
  for (const key of keys.filter((k) => !ACL_KEY.test(k)).slice(0, 1))
    ctx.addIssue({
      code: 'custom',
      path: [key],
      message: `"${key.slice(0, 40)}" is not an ACL key: name "*" for everyone, "role:<name>" for a role, or a user's objectId`,
    });
});

/** What the console suggests before a developer chooses: everyone reads, only the master key writes. */
export const SUGGESTED_DEFAULT_ACL: Acl = { '*': { read: true } };

export const defaultAclBodySchema = z.object({ defaultAcl: defaultAclSchema }).strict();
export type DefaultAclBody = z.infer<typeof defaultAclBodySchema>;

/** `defaultAcl` is null while nobody has chosen one for the app. */
export const defaultAclResponseSchema = z.object({
  defaultAcl: defaultAclSchema.nullable(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type DefaultAclResponse = z.infer<typeof defaultAclResponseSchema>;
