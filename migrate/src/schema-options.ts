import { readFile } from 'node:fs/promises';
import { COLUMN_OPTION_KEYS, isPlainObject } from '@switchboard/shared';

/**
 * What a schema file says beyond field types: class permissions and column options (invisible,
 * read-only, required, default, auto-increment, the class default ACL on the ACL column), as a
 * PUT /1.1/schemas/<className> body, so the target enforces them after the import.
 */
export interface SchemaChange {
  fields?: Record<string, Record<string, unknown>>;
  permissions?: Record<string, unknown>;
}

/** Fields every class has: a schema lists them, but they take no options. */
const BUILTIN = new Set(['objectId', 'createdAt', 'updatedAt']);

/**
 * The options a column sets. An option at its "off" value (false, an empty comment, a null
 * default) sets nothing: LeanCloud lists them on every column, and sending them would only add
 * noise (and fields such as _User's password to the target's schema).
 */
function optionsOf(def: Record<string, unknown>): Record<string, unknown> | undefined {
  const set = (v: unknown) => v !== undefined && v !== null && v !== false && v !== '';
  const options = Object.fromEntries(COLUMN_OPTION_KEYS.filter((k) => set(def[k])).map((k) => [k, def[k]]));
  return Object.keys(options).length > 0 ? options : undefined;
}

function changeOf(fields: unknown, permissions: unknown): SchemaChange | undefined {
  const change: SchemaChange = {};
  if (isPlainObject(fields)) {
    for (const [name, def] of Object.entries(fields)) {
      if (!isPlainObject(def) || typeof def.type !== 'string' || BUILTIN.has(name)) continue;
      if (name === 'ACL') {
        if (isPlainObject(def.default)) (change.fields ??= {}).ACL = { type: 'ACL', default: def.default };
        continue;
      }
      const options = optionsOf(def);
      if (!options) continue;
      const targetClass = typeof def.className === 'string' ? { targetClass: def.className } : {};
      (change.fields ??= {})[name] = { type: def.type, ...targetClass, ...options };
    }
  }
  if (isPlainObject(permissions) && Object.keys(permissions).length > 0) change.permissions = permissions;
  return change.fields || change.permissions ? change : undefined;
}

/**
 * The schema changes of each class in a schema document: {results: [{className, fields,
 * permissions}]}, an array of those, LeanCloud's class JSON ({name, schema, permissions}), or the
 * {ClassName: {field: definition}} map GET /1.1/schemas answers with (fields only).
 */
export function parseSchemaChanges(doc: unknown): Map<string, SchemaChange> {
  const out = new Map<string, SchemaChange>();
  const oneClass = isPlainObject(doc) && (typeof doc.className === 'string' || typeof doc.name === 'string');
  if (isPlainObject(doc) && !Array.isArray(doc.results) && !oneClass) {
    for (const [name, fields] of Object.entries(doc)) {
      const change = changeOf(fields, undefined);
      if (change) out.set(name, change);
    }
    return out;
  }
  const list = Array.isArray(doc)
    ? doc
    : oneClass
      ? [doc]
      : isPlainObject(doc) && Array.isArray(doc.results)
        ? doc.results
        : [];
  for (const c of list) {
    if (!isPlainObject(c)) continue;
    const name =
      typeof c.className === 'string' ? c.className : typeof c.name === 'string' ? c.name : undefined;
    const change = name ? changeOf(c.fields ?? c.schema, c.permissions) : undefined;
    if (name && change) out.set(name, change);
  }
  return out;
}

/** The schema changes of a schema file (readSchemaFile has checked that it is JSON). */
export async function readSchemaChanges(path: string): Promise<Map<string, SchemaChange>> {
  return parseSchemaChanges(JSON.parse((await readFile(path, 'utf8')).replace(/^\uFEFF/, '')));
}
