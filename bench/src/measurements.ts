/**
 * What is timed: sequential requests on one keep-alive connection, after untimed warm-up ones.
 * Every response is checked (outside the timed span) so a fast wrong answer cannot pass.
 */
import { CLASS, GROUP_SIZE, groupCount, makeWriteObject, rng } from './data';
import { batchCreate, fail, getById, groupCountQuery, groupQuery, q, results } from './bench-requests';
import type { BenchRequest, Obj } from './bench-requests';
import type { ApiClient } from './http-client';
import { summarize } from './stats';
import type { Summary } from './stats';

export interface Target {
  /** The p50 must be at most this many ms. */
  p50Ms: number;
}

export interface Measurement {
  key: string;
  label: string;
  target?: Target;
  iterations: number;
  warmup: number;
  next: () => BenchRequest;
}

export interface MeasurementResult {
  key: string;
  label: string;
  target?: Target;
  latency: Summary;
  pass?: boolean;
}

type QueryBody = { results?: Obj[]; count?: number };

export const TARGETS = {
  get: { p50Ms: 2 },
  eqIndexed: { p50Ms: 5 },
  countIndexed: { p50Ms: 5 },
  batch100: { p50Ms: 30 },
} satisfies Record<string, Target>;

/** Width of the score range of the range query (scores are uniform in [0, 1)). */
export const RANGE_WIDTH = 0.01;

export function measurements(
  ids: string[],
  opts: {
    iterations: number;
    warmup: number;
    batchIterations: number;
    contrastIterations: number;
    seed: number;
  },
): Measurement[] {
  const total = ids.length;
  const groups = groupCount(total);
  const rand = rng(opts.seed * 7919 + 17);
  const pick = (n: number) => Math.floor(rand() * n);
  const base = `/1.1/classes/${CLASS}`;
  const { iterations, warmup } = opts;
  let written = 0;
  const writeRand = rng(opts.seed * 104_729 + 3);

  return [
    {
      key: 'get',
      label: 'get by id',
      target: TARGETS.get,
      iterations,
      warmup,
      next: () => getById(base, ids[pick(total)] ?? ''),
    },
    {
      key: 'eqIndexed',
      label: `indexed equality (${GROUP_SIZE} objects)`,
      target: TARGETS.eqIndexed,
      iterations,
      warmup,
      next: () => groupQuery(base, `g${pick(groups)}`),
    },
    {
      key: 'rangeOrdered',
      label: 'range + order (limit 100)',
      iterations,
      warmup,
      next: () => {
        const lo = Math.floor(rand() * (1 - RANGE_WIDTH) * 1e6) / 1e6;
        const hi = lo + RANGE_WIDTH;
        const want = Math.min(100, Math.floor(total * RANGE_WIDTH * 0.5));
        return {
          method: 'GET',
          path: `${base}?${q({ where: { score: { $gte: lo, $lt: hi } }, order: '-score', limit: 100 })}`,
          check: (body) => {
            const r = results(body, `score in [${lo}, ${hi})`);
            const scores = r.map((o) => o.score as number);
            if (r.length < want) fail(`score in [${lo}, ${hi}): only ${r.length} objects`, body);
            if (scores.some((s, i) => s < lo || s >= hi || (i > 0 && s > (scores[i - 1] ?? 1))))
              fail(`score in [${lo}, ${hi}): out of range or not in descending order`, body);
          },
        };
      },
    },
    {
      key: 'countIndexed',
      label: 'count, indexed equality',
      target: TARGETS.countIndexed,
      iterations,
      warmup,
      next: () => groupCountQuery(base, `g${pick(groups)}`),
    },
    {
      key: 'eqGinOnly',
      label: 'equality, GIN only (1 obj)',
      iterations,
      warmup,
      next: () => {
        const n = pick(total);
        return {
          method: 'GET',
          path: `${base}?${q({ where: { n }, limit: 100 })}`,
          check: (body) => {
            const r = results(body, `n = ${n}`);
            if (r.length !== 1 || r[0]?.n !== n) fail(`n = ${n}: expected one object`, body);
          },
        };
      },
    },
    {
      key: 'rangeUnindexed',
      label: 'range + order, unindexed field',
      iterations: opts.contrastIterations,
      warmup: Math.min(warmup, 3),
      next: () => {
        const lo = pick(Math.max(1, total - 100));
        return {
          method: 'GET',
          path: `${base}?${q({ where: { n: { $gte: lo, $lt: lo + 100 } }, order: 'n', limit: 100 })}`,
          check: (body) => {
            const r = results(body, `n in [${lo}, ${lo + 100})`);
            if (r.length !== Math.min(100, total - lo) || r[0]?.n !== lo)
              fail(`n in [${lo}, ${lo + 100}): expected 100 objects from ${lo}`, body);
          },
        };
      },
    },
    {
      key: 'countAll',
      label: 'count, whole class',
      iterations: opts.contrastIterations,
      warmup: Math.min(warmup, 3),
      next: () => ({
        method: 'GET',
        path: `${base}?${q({ count: 1, limit: 0 })}`,
        check: (body) => {
          const c = (body as QueryBody | undefined)?.count;
          if (typeof c !== 'number' || c < total)
            fail(`count of the class: expected at least ${total}`, body);
        },
      }),
    },
    {
      key: 'batch100',
      label: 'batch of 100 creates',
      target: TARGETS.batch100,
      iterations: opts.batchIterations,
      warmup: Math.min(warmup, 10),
      next: () =>
        batchCreate(
          '/1.1/batch',
          base,
          Array.from({ length: 100 }, () => makeWriteObject(written++, writeRand)),
        ),
    },
  ];
}

export async function runMeasurement(client: ApiClient, m: Measurement): Promise<MeasurementResult> {
  const ms: number[] = [];
  for (let i = 0; i < m.warmup + m.iterations; i++) {
    const req = m.next();
    const res = await client.send(req.method, req.path, req.body);
    req.check(res.body);
    if (i >= m.warmup) ms.push(res.ms);
  }
  const latency = summarize(ms);
  return {
    key: m.key,
    label: m.label,
    ...(m.target ? { target: m.target, pass: latency.p50 <= m.target.p50Ms } : {}),
    latency,
  };
}
