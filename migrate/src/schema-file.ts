import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { asFieldType, isPlainObject } from '@switchboard/shared';
import type { FieldSchema } from '@switchboard/shared';
import { jsonErrorAt } from './json-errors';
import { ExportParseError } from './parse-error';

export type SchemaMap = Map<string, Record<string, FieldSchema>>;

function fieldsOf(raw: unknown): Record<string, FieldSchema> {
  const out: Record<string, FieldSchema> = {};
  if (!isPlainObject(raw)) return out;
  for (const [name, def] of Object.entries(raw)) {
    if (!isPlainObject(def)) continue;
    const type = asFieldType(typeof def.type === 'string' ? def.type : undefined);
    // Types this server does not have (LeanCloud's "Any") are left to be inferred from values.
    if (!type) continue;
    out[name] = typeof def.className === 'string' ? { type, className: def.className } : { type };
  }
  return out;
}

/**
 * Reads a schema file in any of the shapes schema endpoints answer with: {results: [{className,
 * fields}]} (Parse and LeanCloud's /schemas), an array of those, or {ClassName: {field: {type}}}.
 */
export async function readSchemaFile(path: string): Promise<SchemaMap> {
  const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    const at = jsonErrorAt(text, e);
    throw new ExportParseError(
      `${basename(path)}, line ${at.line}, column ${at.column}`,
      `not JSON (${at.reason})`,
    );
  }
  return parseSchemaDoc(doc);
}

export function parseSchemaDoc(doc: unknown): SchemaMap {
  const map: SchemaMap = new Map();
  const list = Array.isArray(doc)
    ? doc
    : isPlainObject(doc) && Array.isArray(doc.results)
      ? doc.results
      : undefined;
  if (list) {
    for (const c of list)
      if (isPlainObject(c) && typeof c.className === 'string') map.set(c.className, fieldsOf(c.fields));
  } else if (isPlainObject(doc)) {
    for (const [className, fields] of Object.entries(doc)) map.set(className, fieldsOf(fields));
  }
  return map;
}
