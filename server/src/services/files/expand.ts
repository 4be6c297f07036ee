import { isPlainObject } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { selectByIds } from '../../store/objects';
import { aclKeys } from '../access';
import type { Principal } from '../access';
import type { ApiObject } from '../format';
import { fileUrl } from './keys';

const isFileValue = (v: Record<string, unknown>) => v.__type === 'File' && typeof v.id === 'string';

function collectIds(v: unknown, ids: Set<string>): void {
  if (Array.isArray(v)) for (const item of v) collectIds(item, ids);
  else if (isPlainObject(v)) {
    if (isFileValue(v)) ids.add(v.id as string);
    else for (const item of Object.values(v)) collectIds(item, ids);
  }
}

function replaceFiles(v: unknown, found: Map<string, ApiObject>): unknown {
  if (Array.isArray(v)) return v.map((item) => replaceFiles(item, found));
  if (!isPlainObject(v)) return v;
  if (isFileValue(v)) return found.get(v.id as string) ?? v;
  const out: Record<string, unknown> = {};
  for (const [k, item] of Object.entries(v)) out[k] = replaceFiles(item, found);
  return out;
}

/**
 * File values in objects ({__type: File, id}) come back with the record's fields, as LeanCloud
 * returns them, so the SDK's `obj.get('file').url()` works. One query for every File value of the
 * read; a record the reader may not read (or a deleted one) leaves the value as it is stored.
 */
export async function expandFileValues(
  sql: Sql,
  objects: ApiObject[],
  baseUrl: string,
  access: Principal,
): Promise<ApiObject[]> {
  const ids = new Set<string>();
  for (const o of objects) collectIds(o, ids);
  if (ids.size === 0) return objects;
  const found = new Map<string, ApiObject>();
  for (const row of await selectByIds(sql, '_File', [...ids], aclKeys(access))) {
    const view: ApiObject = { __type: 'File', id: row.id, objectId: row.id };
    for (const k of ['name', 'mime_type', 'metaData'] as const) if (k in row.data) view[k] = row.data[k];
    const url = fileUrl(baseUrl, row.data);
    if (url !== undefined) view.url = url;
    found.set(row.id, view);
  }
  return objects.map((o) => replaceFiles(o, found) as ApiObject);
}
