import { audienceQuerySchema, LcCode, VENDORS } from '@switchboard/shared';
import type { Audience, AndroidRoute } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { badRequest } from '../http/errors';
import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import { parseInput } from '../http/validate';
import type { ClassRegistry } from '../store/classes';
import type { Filter } from '../store/objects';
import { tableFor } from '../store/tables';
import type { Clock } from '../lib/clock';
import { audienceFilter } from './engine/audience';
import { INSTALLATION_CLASS } from './model';
import { whereWithChannels } from './request';

/** Below this many installations (the planner's figure) every estimate is an exact count. */
export const SAMPLE_ABOVE = 200_000;
/** Rows a sample reads: enough for a few percent of error on an audience of 1% of the table. */
const SAMPLE_ROWS = 50_000;
/** Fewer matches than this in the sample say too little: the exact count is taken instead. */
const MIN_SAMPLED_MATCHES = 200;

interface GroupRow {
  t: string | null;
  v: string | null;
  n: number;
}

const empty = (exact: boolean): Audience => ({ total: 0, ios: 0, android: 0, androidRoutes: {}, exact });

/** The counts by platform and Android route, each scaled by `scale` (1 for an exact count). */
function tally(rows: GroupRow[], scale: number, exact: boolean): Audience {
  const out = empty(exact);
  const vendors: readonly string[] = VENDORS;
  for (const r of rows) {
    const n = Math.round(r.n * scale);
    if (r.t === 'ios') out.ios += n;
    else if (r.t === 'android') {
      out.android += n;
      // As the engine routes them (payload/route.ts): an unknown vendor goes the own channel.
      const route = (r.v !== null && vendors.includes(r.v) ? r.v : 'own') as AndroidRoute;
      out.androidRoutes[route] = (out.androidRoutes[route] ?? 0) + n;
    }
  }
  out.total = out.ios + out.android;
  return out;
}

async function grouped(sql: Sql, f: Filter, samplePercent?: number): Promise<GroupRow[]> {
  // The percentage is a number this module computed, never input: written inline so both drivers
  // plan it alike. REPEATABLE keeps one table's estimate steady from one keystroke to the next.
  const sample =
    samplePercent === undefined ? '' : ` TABLESAMPLE SYSTEM (${samplePercent.toFixed(6)}) REPEATABLE (1)`;
  return sql.query<GroupRow>(
    `SELECT data->>'deviceType' AS t, data->>'vendor' AS v, count(*)::int AS n
       FROM ${tableFor(INSTALLATION_CLASS)}${sample} WHERE ${f.sql} GROUP BY 1, 2`,
    f.params.values,
  );
}

/** The planner's row count of the installations table (-1 before its first ANALYZE). */
async function plannedRows(sql: Sql): Promise<number> {
  const [row] = await sql.query<{ n: number | null }>(
    `SELECT reltuples::float8 AS n FROM pg_class WHERE oid = to_regclass($1)`,
    [tableFor(INSTALLATION_CLASS)],
  );
  return row?.n ?? -1;
}

/**
 * The audience of a query push with `where`, counted exactly, or with `estimate` from a block
 * sample when the table is large and the sample finds enough of the audience to scale from.
 */
export async function countAudience(
  sql: Sql,
  classes: ClassRegistry,
  where: Record<string, unknown>,
  opts: { now: Date; estimate: boolean; sampleAbove?: number },
): Promise<Audience> {
  const f = await audienceFilter(sql, classes, where, opts.now);
  if (!f) return empty(true);
  if (opts.estimate) {
    const rows = await plannedRows(sql);
    if (rows >= (opts.sampleAbove ?? SAMPLE_ABOVE)) {
      const percent = Math.min(100, (100 * SAMPLE_ROWS) / rows);
      const sampled = await grouped(sql, f, percent);
      const matches = sampled.reduce((s, r) => s + r.n, 0);
      if (matches >= MIN_SAMPLED_MATCHES) return tally(sampled, 100 / percent, false);
    }
  }
  return tally(await grouped(sql, f), 1, true);
}

function jsonParam(raw: string | undefined, name: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw badRequest(LcCode.InvalidParameter, `${name} must be JSON.`);
  }
}

function channelList(raw: unknown): string[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!Array.isArray(raw) || !raw.every((c) => typeof c === 'string'))
    throw badRequest(LcCode.InvalidParameter, 'channels must be a JSON array of strings.');
  return raw;
}

/** GET /1.1/switchboard/push/audience (master key): see audienceQuerySchema. */
export function audienceRoute(router: ApiRouter, deps: { classes: ClassRegistry; clock: Clock }): void {
  router.on('GET', '/1.1/switchboard/push/audience', async (req) => {
    requireMaster(req.auth, 'push audiences');
    const q = parseInput(audienceQuerySchema, req.query, 'query parameters');
    const where = whereWithChannels(
      jsonParam(q.where, 'where') as Record<string, unknown> | undefined,
      channelList(jsonParam(q.channels, 'channels')),
    );
    const body = await countAudience(req.sql, deps.classes, where, {
      now: deps.clock.now(),
      estimate: q.estimate === '1',
    });
    return { body };
  });
}
