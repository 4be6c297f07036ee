import { fieldTypeOf, LcCode } from '@switchboard/shared';
import type { FieldSchema } from '@switchboard/shared';
import { badRequest } from '../http/errors';
import type { ClassFields } from '../store/classes';

const typeMismatch = (field: string, expected: FieldSchema, actual: FieldSchema) =>
  // LeanCloud's wording, which apps and SDK tests compare verbatim.
  badRequest(
    LcCode.InvalidType,
    `Invalid value type for field '${field}',expect type is {:type "${expected.type}"},but it is '{:type "${actual.type}"}'.`,
  );

/** Types of the changed fields that the class does not know yet; throws 111 on a conflict. */
export function newFieldTypes(
  known: ClassFields,
  data: Record<string, unknown>,
  changed: string[],
): ClassFields {
  const add: ClassFields = {};
  for (const field of changed) {
    const actual = fieldTypeOf(data[field]);
    if (!actual) continue;
    const expected = known[field];
    if (!expected) add[field] = actual;
    else if (expected.type !== actual.type) throw typeMismatch(field, expected, actual);
  }
  return add;
}

/** Built-in fields every class reports in /1.1/schemas. */
export const BUILTIN_FIELDS: ClassFields = {
  objectId: { type: 'String' },
  createdAt: { type: 'Date' },
  updatedAt: { type: 'Date' },
  ACL: { type: 'ACL' },
};
