import { z } from 'zod';

/** ISO 8601 UTC with milliseconds, the only timestamp form the API returns (Doc 1 Conventions 5). */
export const ISO_MS_UTC_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export const dateValueSchema = z.object({ __type: z.literal('Date'), iso: z.string() });
export const bytesValueSchema = z.object({
  __type: z.literal('Bytes'),
  base64: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64 must be standard base64 without whitespace'),
});
export const pointerValueSchema = z.object({
  __type: z.literal('Pointer'),
  className: z.string().min(1),
  objectId: z.string().min(1),
});
export const fileValueSchema = z.looseObject({ __type: z.literal('File'), id: z.string().min(1) });
export const geoPointValueSchema = z.object({
  __type: z.literal('GeoPoint'),
  latitude: z
    .number()
    .min(-90, 'latitude must be between -90 and 90')
    .max(90, 'latitude must be between -90 and 90'),
  longitude: z
    .number()
    .min(-180, 'longitude must be between -180 and 180')
    .max(180, 'longitude must be between -180 and 180'),
});
export const relationValueSchema = z.object({ __type: z.literal('Relation'), className: z.string().min(1) });

export type DateValue = z.infer<typeof dateValueSchema>;
export type BytesValue = z.infer<typeof bytesValueSchema>;
export type PointerValue = z.infer<typeof pointerValueSchema>;
export type FileValue = z.infer<typeof fileValueSchema>;
export type GeoPointValue = z.infer<typeof geoPointValueSchema>;
export type RelationValue = z.infer<typeof relationValueSchema>;

export const ENCODED_TYPES = ['Date', 'Bytes', 'Pointer', 'File', 'GeoPoint', 'Relation'] as const;
export type EncodedTypeName = (typeof ENCODED_TYPES)[number];

export const encodedValueSchemas = {
  Date: dateValueSchema,
  Bytes: bytesValueSchema,
  Pointer: pointerValueSchema,
  File: fileValueSchema,
  GeoPoint: geoPointValueSchema,
  Relation: relationValueSchema,
} as const satisfies Record<EncodedTypeName, z.ZodType>;

/** Field types as the schema endpoints name them. */
export const FIELD_TYPES = [
  'String',
  'Number',
  'Boolean',
  'Date',
  'Bytes',
  'Pointer',
  'File',
  'GeoPoint',
  'Relation',
  'Array',
  'Object',
  'ACL',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** What this server records for a field. */
export interface FieldSchema {
  type: FieldType;
  className?: string;
}

/** A field as a schema endpoint reports it; other servers may name types this list lacks. */
export const fieldSchemaSchema = z.looseObject({
  type: z.string(),
  className: z.string().optional(),
});

export interface ReportedField {
  type: string;
  className?: string | undefined;
}

/** The type name if it is one this project knows. */
export function asFieldType(type: string | undefined): FieldType | undefined {
  return (FIELD_TYPES as readonly string[]).includes(type ?? '') ? (type as FieldType) : undefined;
}

/** GET /1.1/schemas and /1.1/schemas/<className>: class name -> field name -> {type}. */
export const schemasResponseSchema = z.record(z.string(), z.record(z.string(), fieldSchemaSchema));
export type SchemasResponse = z.infer<typeof schemasResponseSchema>;

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function encodedTypeOf(v: unknown): EncodedTypeName | undefined {
  if (!isPlainObject(v) || typeof v.__type !== 'string') return undefined;
  return (ENCODED_TYPES as readonly string[]).includes(v.__type) ? (v.__type as EncodedTypeName) : undefined;
}

/** The schema type of a stored value; undefined for null (null says nothing about a field's type). */
export function fieldTypeOf(v: unknown): FieldSchema | undefined {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'string') return { type: 'String' };
  if (typeof v === 'number') return { type: 'Number' };
  if (typeof v === 'boolean') return { type: 'Boolean' };
  if (Array.isArray(v)) return { type: 'Array' };
  const enc = encodedTypeOf(v);
  if (enc === 'Pointer' || enc === 'Relation')
    return { type: enc, className: String((v as PointerValue).className) };
  if (enc) return { type: enc };
  return { type: 'Object' };
}
