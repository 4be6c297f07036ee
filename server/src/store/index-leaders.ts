import type { Sql } from '@switchboard/shared/sql';
import { listIndexRows } from './indexes';

/**
 * The fields that lead one of a class's btree indexes (those made through the index API): an
 * equality on such a field is written on the index's expression alone (where-values.ts), so the
 * planner uses that index and estimates it from its statistics, instead of combining it with the
 * GIN containment test. Cached per app (the owner object) for a few seconds, so a query costs no
 * extra round trip; an answer a few seconds stale (an index made by another process) only changes
 * the plan, never the rows: both forms of an equality select the same objects.
 */
const TTL_MS = 10_000;

interface Entry {
  fields: ReadonlySet<string>;
  at: number;
}

const caches = new WeakMap<object, Map<string, Entry>>();

export async function indexLeaders(sql: Sql, owner: object, className: string): Promise<ReadonlySet<string>> {
  let cache = caches.get(owner);
  if (!cache) caches.set(owner, (cache = new Map<string, Entry>()));
  const hit = cache.get(className);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.fields;
  const rows = await listIndexRows(sql, className);
  const fields = new Set(rows.map((r) => Object.keys(r.keys)[0]).filter((f) => f !== undefined));
  cache.set(className, { fields, at: Date.now() });
  return fields;
}

/** Forgets a class's entry after its indexes changed in this process. */
export function forgetIndexLeaders(owner: object, className: string): void {
  caches.get(owner)?.delete(className);
}
