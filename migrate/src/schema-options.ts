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

function optionsOf(def: Record<string, unknown>): Record<string, unknown> | undefined {
  const options = Object.fromEntries(
    COLUMN_OPTION_KEYS.filter((k) => def[k] !== undefined).map((k) => [k, def[k]]),
  );
  return Object.keys(options).length > 0 ? options : undefined;
}

function changeOf(fields: unknown, permissions: unknown): SchemaChange | undefined {
  const change: SchemaChange = {};
  if (isPlainObject(fields)) {
    for (const [name, def] of Object.entries(fields)) {
      if (!isPlainObject(def) || typeof def.type !== 'string') continue;
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
 * permissions}]}, an array of those, or LeanCloud's class JSON ({name, schema, permissions}).
 */
export function parseSchemaChanges(doc: unknown): Map<string, SchemaChange> {
  const out = new Map<string, SchemaChange>();
  const list = Array.isArray(doc) ? doc : isPlainObject(doc) && Array.isArray(doc.results) ? doc.results : [];
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
