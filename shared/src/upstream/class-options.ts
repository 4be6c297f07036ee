import { z } from 'zod';

/**
 * Class permissions and column options in the shape LeanCloud's console kept them (its schema
 * JSON: `permissions` per operation, and `hidden`, `read_only`, `required`, `default`,
 * `auto_increment`, `comment` on each column), so a tool written for LeanCloud reads them here.
 */
export const CLASS_OPERATIONS = ['create', 'find', 'get', 'update', 'delete', 'add_fields'] as const;
export type ClassOperation = (typeof CLASS_OPERATIONS)[number];

const names = z.array(z.string().min(1).max(128)).max(1000);

/**
 * Who may perform one operation: everyone (`{"*": true}`), signed-in users
 * (`{"onlySignInUsers": true}`), or the listed users (by objectId) and roles (by name).
 * LeanCloud's exports write the broadest grant with the narrower keys left beside it; the broadest wins.
 */
export const classPermissionSchema = z
  .object({
    '*': z.boolean().optional(),
    onlySignInUsers: z.boolean().optional(),
    roles: names.optional(),
    users: names.optional(),
  })
  .strict();
export type ClassPermission = z.infer<typeof classPermissionSchema>;

export const classPermissionsSchema = z
  .object(Object.fromEntries(CLASS_OPERATIONS.map((op) => [op, classPermissionSchema.optional()])))
  .strict() as z.ZodType<Partial<Record<ClassOperation, ClassPermission>>>;
export type ClassPermissions = Partial<Record<ClassOperation, ClassPermission>>;

/** The options a column may carry beside its type. */
export const columnOptionsShape = {
  /** Never returned, filtered, sorted or selected on without the master key. */
  hidden: z.boolean().optional(),
  /** Written only with the master key. */
  read_only: z.boolean().optional(),
  /** A create without it is refused. */
  required: z.boolean().optional(),
  /** Set on create when the object does not carry the field. */
  default: z.unknown().optional(),
  /** Number fields: each new object gets the next value. */
  auto_increment: z.boolean().optional(),
  comment: z.string().max(1000).optional(),
};

export const COLUMN_OPTION_KEYS = Object.keys(columnOptionsShape) as (keyof typeof columnOptionsShape)[];
