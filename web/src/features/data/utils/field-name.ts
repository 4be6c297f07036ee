import { isValidKeyName, MAX_KEY_NAME_LENGTH, needsTargetClass, UNIVERSAL_FIELDS } from '@switchboard/shared';
import type { FieldType } from '@switchboard/shared';
import { caseTwin } from './name-case';

export type FieldProblem = 'empty' | 'tooLong' | 'invalid' | 'reserved' | 'exists' | 'target';

/** What keeps a new field from being added, by the server's rules; undefined when it can be. */
export function newFieldProblem(
  field: { name: string; type: FieldType; targetClass: string },
  existing: readonly string[],
): FieldProblem | undefined {
  if (field.name === '') return 'empty';
  // Before the characters: a long name of letters would otherwise be told to "use only letters".
  if (field.name.length > MAX_KEY_NAME_LENGTH) return 'tooLong';
  if (!isValidKeyName(field.name)) return 'invalid';
  if ((UNIVERSAL_FIELDS as readonly string[]).includes(field.name)) return 'reserved';
  if (existing.includes(field.name)) return 'exists';
  if (needsTargetClass(field.type) && field.targetClass === '') return 'target';
  return undefined;
}

/** A field of the class whose name differs from the new one only in case (every class has createdAt...). */
export const fieldCaseTwin = (name: string, existing: readonly string[]): string | undefined =>
  caseTwin(name, [...existing, ...UNIVERSAL_FIELDS]);

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
