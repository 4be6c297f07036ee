import {
  isReservedField,
  isValidClassName,
  isValidKeyName,
  LcCode,
  needsTargetClass,
} from '@switchboard/shared';
import type { FieldDefinition, FieldSchema } from '@switchboard/shared';
import { badRequest } from '../http/errors';
import type { ClassFields } from '../store/classes';
import { BUILTIN_FIELDS } from './schema';
import { aclColumn, columnOptionsOf, isAclColumn, withColumnOptions } from './schema-options';

/** The stored form of a field definition (targetClass is recorded as className, as reads report it). */
export function fieldFromDefinition(name: string, def: FieldDefinition): FieldSchema {
  if (!isValidKeyName(name)) {
    throw badRequest(
      LcCode.InvalidKeyName,
      `Invalid field name '${name}'. Field names start with a letter; letters, digits and underscore are the only valid characters.`,
    );
  }
  if (name in BUILTIN_FIELDS) {
    throw badRequest(LcCode.InvalidKeyName, `'${name}' is a field every class has; it cannot be added.`);
  }
  if (!needsTargetClass(def.type)) {
    if (def.targetClass !== undefined) {
      throw badRequest(
        LcCode.InvalidParameter,
        `Field '${name}': targetClass is only for Pointer and Relation fields.`,
      );
    }
    return { type: def.type };
  }
  if (def.targetClass === undefined) {
    throw badRequest(LcCode.InvalidParameter, `Field '${name}': a ${def.type} field needs a targetClass.`);
  }
  if (!isValidClassName(def.targetClass)) {
    throw badRequest(
      LcCode.InvalidClassName,
      `Field '${name}': '${def.targetClass}' is not a valid class name.`,
    );
  }
  return { type: def.type, className: def.targetClass };
}

export type FieldChange = FieldDefinition | { __op: 'Delete' } | { type: 'ACL'; default: unknown };

/**
 * The fields of a class after a PUT /1.1/schemas/<className>, and the fields whose data must go.
 * Adding a field that exists with the same type changes nothing; another type is refused. A
 * change of an existing field is partial, as LeanCloud's console edited one column option at a
 * time: the options it does not name stay (`{type}` alone changes nothing), and an option is
 * removed by naming it (`false`, or a `default` of null).
 */
export function planFieldChanges(
  className: string,
  current: ClassFields,
  changes: Record<string, FieldChange>,
): { fields: ClassFields; deleted: string[] } {
  const fields = { ...current };
  const deleted: string[] = [];
  for (const [name, change] of Object.entries(changes)) {
    if ('__op' in change) {
      if (isReservedField(className, name)) {
        throw badRequest(LcCode.OperationForbidden, `The field '${name}' is built in and cannot be deleted.`);
      }
      if (!(name in fields)) {
        throw badRequest(LcCode.InvalidParameter, `The class ${className} has no field '${name}' to delete.`);
      }
      delete fields[name];
      deleted.push(name);
      continue;
    }
    if (isAclColumn(name, change)) {
      fields.ACL = aclColumn(change.default);
      continue;
    }
    const existing = fields[name];
    // A Pointer or Relation field's change need not repeat its target class.
    const typed =
      existing?.className && change.targetClass === undefined && change.type === existing.type
        ? { ...change, targetClass: existing.className }
        : change;
    const def = existing ? { ...columnOptionsOf(existing), ...typed } : typed;
    const wanted = withColumnOptions(name, fieldFromDefinition(name, typed), def);
    if (existing && (existing.type !== wanted.type || existing.className !== wanted.className)) {
      const was = existing.className ? `${existing.type}<${existing.className}>` : existing.type;
      throw badRequest(
        LcCode.InvalidType,
        `The field '${name}' already exists as ${was}; the type of a field cannot be changed.`,
      );
    }
    fields[name] = wanted;
  }
  return { fields, deleted };
}
