import { isPlainObject } from '@switchboard/shared';
import type { DeviceType } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { buildFilter, parseWhere } from '../../services/filter';
import type { ClassRegistry } from '../../store/classes';
import type { Filter } from '../../store/objects';
import { tableFor } from '../../store/tables';
import { INSTALLATION_CLASS } from '../model';
import type { Target } from '../model';

/** Doc 2 Limits: "only installations with updatedAt within the last three months". */
export const FRESH_MS = 90 * 86_400_000;

const TABLE = () => tableFor(INSTALLATION_CLASS);

/**
 * The audience of a query push: its where over _Installation (any Doc 1 operator), installations
 * refreshed in the last three months, not marked `valid: false`. undefined: no installation exists.
 */
export async function audienceFilter(
  tx: Sql,
  classes: ClassRegistry,
  where: Record<string, unknown> | undefined,
  now: Date,
): Promise<Filter | undefined> {
  if (!(await classes.exists(tx, INSTALLATION_CLASS))) return undefined;
  const f = await buildFilter(tx, classes, INSTALLATION_CLASS, parseWhere(JSON.stringify(where ?? {})));
  const params = f.params.clone();
  const fresh = params.add(new Date(now.getTime() - FRESH_MS));
  return {
    sql: `(${f.sql}) AND updated_at > ${fresh} AND (data->'valid') IS DISTINCT FROM 'false'::jsonb`,
    params,
  };
}

/** The next page of the audience after `after` (keyset on objectId: never the whole audience in memory). */
export async function audiencePage(
  tx: Sql,
  f: Filter,
  after: string | null,
  limit: number,
): Promise<string[]> {
  const p = f.params.clone();
  const cursor = after === null ? '' : ` AND id > ${p.add(after)}`;
  const rows = await tx.query<{ id: string }>(
    `SELECT id FROM ${TABLE()} WHERE ${f.sql}${cursor} ORDER BY id LIMIT ${p.add(limit)}`,
    p.values,
  );
  return rows.map((r) => r.id);
}

/** iOS devices of the audience (the development-certificate cap). */
export async function countIosAudience(tx: Sql, f: Filter): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${TABLE()} WHERE ${f.sql} AND data->>'deviceType' = 'ios'`,
    f.params.values,
  );
  return row?.n ?? 0;
}

/**
 * The installations a chunk of a query push names, read with the chunk row in one statement:
 * its 1,000 ids go from table to table inside the database instead of out to the server and back.
 * Installations deleted since the chunk was planned are left out.
 */
export async function loadChunkInstallations(sql: Sql, pushId: string, seq: number): Promise<Target[]> {
  const rows = await sql.query<{ id: string; data: Record<string, unknown> }>(
    `SELECT i.id, i.data FROM lc_push_chunks c CROSS JOIN LATERAL unnest(c.targets) AS t(id)
     JOIN ${TABLE()} i ON i.id = t.id
     WHERE c.push_id = $1 AND c.seq = $2 ORDER BY i.id`,
    [pushId, seq],
  );
  return rows
    .filter((r) => isPlainObject(r.data) && (r.data.deviceType === 'ios' || r.data.deviceType === 'android'))
    .map((r) => ({
      key: r.id,
      installationId: r.id,
      deviceType: r.data.deviceType as DeviceType,
      fields: r.data,
    }));
}
