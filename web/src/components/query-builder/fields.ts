import { asFieldType } from '@switchboard/shared';
import type { ReportedField } from '@switchboard/shared';
import type { FieldTypes } from './model-edit';

/** Every object has these, whether or not the schema lists them. */
const BUILT_INS: FieldTypes = {
  objectId: { type: 'String' },
  createdAt: { type: 'Date' },
  updatedAt: { type: 'Date' },
};

/** The class's fields with their types, for the builder's field and operator choices. */
export function fieldTypes(schema: Record<string, ReportedField> | undefined): FieldTypes {
  const out: FieldTypes = { ...BUILT_INS };
  for (const [name, f] of Object.entries(schema ?? {})) {
    out[name] = { type: asFieldType(f.type), className: f.className };
  }
  return out;
}
