import type { ClassPermissions } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { tableFor } from './tables';

/**
 * How long a process trusts what it read of a class's permissions. Another process's change is
 * seen within this time; changes made here are seen at once. The query path then reads the
 * permissions once a second per class rather than once per request.
 */
const FRESH_MS = 1000;

/** Per-class permissions (lc_class_permissions), cached briefly in process. */
export class ClassPermissionStore {
  private readonly cache = new Map<string, { at: number; value: ClassPermissions }>();

  async get(sql: Sql, className: string): Promise<ClassPermissions> {
    const hit = this.cache.get(className);
    if (hit && Date.now() - hit.at < FRESH_MS) return hit.value;
    const rows = await sql.query<{ permissions: ClassPermissions }>(
      'SELECT permissions FROM lc_class_permissions WHERE name = $1',
      [className],
    );
    const value = rows[0]?.permissions ?? {};
    this.cache.set(className, { at: Date.now(), value });
    return value;
  }

  async all(sql: Sql): Promise<Map<string, ClassPermissions>> {
    const rows = await sql.query<{ name: string; permissions: ClassPermissions }>(
      'SELECT name, permissions FROM lc_class_permissions',
    );
    return new Map(rows.map((r) => [r.name, r.permissions]));
  }

  /** Replaces the operations named in `patch`; the others keep their permission. */
  async set(sql: Sql, className: string, patch: ClassPermissions): Promise<ClassPermissions> {
    const rows = await sql.query<{ permissions: ClassPermissions }>(
      `INSERT INTO lc_class_permissions (name, permissions) VALUES ($1, $2::jsonb)
       ON CONFLICT (name) DO UPDATE SET permissions = lc_class_permissions.permissions || EXCLUDED.permissions
       RETURNING permissions`,
      [className, JSON.stringify(patch)],
    );
    this.cache.delete(className);
    return rows[0]?.permissions ?? patch;
  }

  forget(className?: string): void {
    if (className === undefined) this.cache.clear();
    else this.cache.delete(className);
  }
}

/**
 * The next value of an auto-increment field. The counter row stays locked until the creating
 * transaction ends, so concurrent creates get distinct values, increasing in commit order. A
 * counter starts above the largest number the class already holds (imported data).
 */
export async function nextCounterValue(tx: Sql, className: string, field: string): Promise<number> {
  const bumped = await tx.query<{ value: string }>(
    'UPDATE lc_counters SET value = value + 1 WHERE class_name = $1 AND field = $2 RETURNING value',
    [className, field],
  );
  if (bumped[0]) return Number(bumped[0].value);
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`lc_counter:${className}.${field}`]);
  const [max] = await tx.query<{ n: string | null }>(
    `SELECT max((data->>$1)::numeric) FILTER (WHERE jsonb_typeof(data->$1) = 'number')::bigint AS n
       FROM ${tableFor(className)}`,
    [field],
  );
  const rows = await tx.query<{ value: string }>(
    `INSERT INTO lc_counters (class_name, field, value) VALUES ($1, $2, $3)
     ON CONFLICT (class_name, field) DO UPDATE SET value = lc_counters.value + 1 RETURNING value`,
    [className, field, Number(max?.n ?? 0) + 1],
  );
  return Number(rows[0]?.value ?? 1);
}
