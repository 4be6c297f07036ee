import { isValidKeyName, needsTargetClass, UNIVERSAL_FIELDS } from '@switchboard/shared';
import type { FieldType } from '@switchboard/shared';

export type FieldProblem = 'empty' | 'invalid' | 'reserved' | 'exists' | 'target';

/** What keeps a new field from being added, by the server's rules; undefined when it can be. */
export function newFieldProblem(
  field: { name: string; type: FieldType; targetClass: string },
  existing: readonly string[],
): FieldProblem | undefined {
  if (field.name === '') return 'empty';
  if (!isValidKeyName(field.name)) return 'invalid';
  if ((UNIVERSAL_FIELDS as readonly string[]).includes(field.name)) return 'reserved';
  if (existing.includes(field.name)) return 'exists';
  if (needsTargetClass(field.type) && field.targetClass === '') return 'target';
  return undefined;
}

/** Types the add-field form offers; ACL is every class's own field, not one to add. */
export const ADDABLE_TYPES: readonly FieldType[] = [
  'String',
  'Number',
  'Boolean',
  'Date',
  'Pointer',
  'Relation',
  'File',
  'GeoPoint',
  'Array',
  'Object',
  'Bytes',
];
