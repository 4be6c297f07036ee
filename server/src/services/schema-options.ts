import { COLUMN_OPTION_KEYS, fieldTypeOf, LcCode } from '@switchboard/shared';
import type { FieldDefinition, FieldSchema } from '@switchboard/shared';
import { badRequest } from '../http/errors';
import { parseAcl } from './acl';

/** The column options a stored field carries (the part of its definition beside the type). */
export function columnOptionsOf(field: FieldSchema | undefined): Partial<FieldDefinition> {
  const stored = (field ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    COLUMN_OPTION_KEYS.filter((k) => stored[k] !== undefined).map((k) => [k, stored[k]]),
  );
}

/**
 * The column options a definition carries, checked against the field's type. A `default` of null
 * is no default (how a schema change removes one).
 */
export function withColumnOptions(name: string, field: FieldSchema, def: FieldDefinition): FieldSchema {
  const out: Record<string, unknown> = { ...field };
  for (const key of COLUMN_OPTION_KEYS)
    if (def[key] !== undefined && !(key === 'default' && def[key] === null)) out[key] = def[key];
  if (def.auto_increment && field.type !== 'Number')
    throw badRequest(LcCode.InvalidParameter, `Field '${name}': only a Number field can auto-increment.`);
  if (def.auto_increment && def.default !== undefined)
    throw badRequest(LcCode.InvalidParameter, `Field '${name}': an auto-increment field has no default.`);
  if (def.default !== undefined && def.default !== null) {
    const actual = fieldTypeOf(def.default);
    if (actual?.type !== field.type)
      throw badRequest(LcCode.InvalidType, `Field '${name}': the default value is not a ${field.type}.`);
  }
  return out as unknown as FieldSchema;
}

/** The stored ACL column: its default is the class's default ACL (LeanCloud's place for it). */
export const aclColumn = (acl: unknown): FieldSchema =>
  ({ type: 'ACL', default: parseAcl(acl) }) as unknown as FieldSchema;

/** Whether a definition is the ACL column with a default (the schema's class default ACL). */
export const isAclColumn = (name: string, def: unknown): def is { type: 'ACL'; default: unknown } =>
  name === 'ACL' && typeof def === 'object' && def !== null && 'default' in def;
