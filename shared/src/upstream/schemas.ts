import { z } from 'zod';
import { classPermissionsSchema, columnOptionsShape } from './class-options';
import { FIELD_TYPES } from './types';

/**
 * A class's default ACL is its ACL column's `default` (`{"ACL": {"type": "ACL", "default": {...}}}`),
 * as in LeanCloud's schema JSON.
 *
 * Schema writes (POST, PUT and DELETE /1.1/schemas/<className>), in the shape Parse Server uses on
 * the same paths: a field is `{type, targetClass?}`; `{__op: 'Delete'}` removes one. LeanCloud
 * itself has no such API; Switchboard offers it for its console.
 */
export const fieldDefinitionSchema = z.object({
  type: z.enum(FIELD_TYPES, { error: `type must be one of ${FIELD_TYPES.join(', ')}` }),
  targetClass: z.string().min(1).max(60).optional(),
  ...columnOptionsShape,
});
export type FieldDefinition = z.infer<typeof fieldDefinitionSchema>;

export const deleteFieldSchema = z.object({ __op: z.literal('Delete') });

/** Field types that point at another class and so need a targetClass. */
export const TARGETED_TYPES = ['Pointer', 'Relation'] as const;

export const needsTargetClass = (type: string): boolean =>
  (TARGETED_TYPES as readonly string[]).includes(type);

const fieldMap = <T extends z.ZodType>(value: T) =>
  z.record(z.string().min(1).max(128), value).refine((v) => Object.keys(v).length <= 300, {
    message: 'at most 300 fields at once',
  });

const classLevel = {
  className: z.string().optional(),
  permissions: classPermissionsSchema.optional(),
};

export const createClassBodySchema = z.object({
  ...classLevel,
  fields: fieldMap(fieldDefinitionSchema).optional(),
});
export type CreateClassBody = z.infer<typeof createClassBodySchema>;

export const updateClassBodySchema = z
  .object({
    ...classLevel,
    fields: fieldMap(z.union([deleteFieldSchema, fieldDefinitionSchema])).optional(),
  })
  .refine((b) => b.fields !== undefined || b.permissions !== undefined, {
    message: 'a schema change needs fields or permissions',
  });
export type UpdateClassBody = z.infer<typeof updateClassBodySchema>;

/** Fields every class has: they cannot be added or deleted. */
export const UNIVERSAL_FIELDS = ['objectId', 'createdAt', 'updatedAt', 'ACL'] as const;

/** Fields the server itself writes or reads in built-in classes: they stay, whatever the console asks. */
const RESERVED_FIELDS: Record<string, readonly string[]> = {
  _User: [
    'username',
    'password',
    'email',
    'emailVerified',
    'mobilePhoneNumber',
    'mobilePhoneVerified',
    'authData',
    'sessionToken',
  ],
  _Role: ['name', 'users', 'roles'],
  _File: ['name', 'url', 'mime_type', 'key', 'metaData', 'size', 'provider', 'bucket'],
  _Installation: ['deviceType', 'installationId', 'deviceToken', 'channels', 'badge', 'timeZone'],
  _Conversation: ['name', 'm', 'c', 'tr', 'sys', 'unique', 'mu', 'lm'],
};

/** A field that cannot be deleted from the class. */
export const isReservedField = (className: string, field: string): boolean =>
  (UNIVERSAL_FIELDS as readonly string[]).includes(field) ||
  (RESERVED_FIELDS[className]?.includes(field) ?? false);

/** GET /1.1/switchboard/class-stats: object counts per class, estimated for large classes. */
export const classStatsResponseSchema = z.object({
  results: z.array(
    z.object({
      className: z.string(),
      estimatedCount: z.number().int().nonnegative(),
      /** True when the number was counted rather than read from the planner's statistics. */
      exact: z.boolean(),
    }),
  ),
});
export type ClassStatsResponse = z.infer<typeof classStatsResponseSchema>;
