import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderCql } from './cql-render';
import type { RenderChoices } from './cql-render';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { scenarioArb } from './query-arbitraries';
import type { GenQuery } from './query-arbitraries';
import { describeFailure, poolsOf, queryParams, resolve, ScenarioClasses } from './query-scenario';

/**
 * CQL (GET /1.1/cloudQuery) against the `where` language (GET /1.1/classes/<className>) on random
 * data: each random query of query-arbitraries.ts is sent both ways, the CQL statement written by
 * cql-render.ts with some values inline and some as `?` placeholders; both must answer the same
 * objects in the same order, the same count, or the same error code.
 * CQL_PROP_RUNS and CQL_PROP_SEED (environment) run longer or replay a seed.
 */

let t: TestServer;
let classes: ScenarioClasses;
beforeAll(async () => {
  t = await startTestServer();
  classes = new ScenarioClasses(t, 'Cql');
});
afterAll(() => t.close());

/** Which values become placeholders (none, all, or by a bit mask) and how order keys are written. */
const choicesArb: fc.Arbitrary<RenderChoices> = fc
  .record({
    mask: fc.oneof(fc.constant(0), fc.constant(-1), fc.integer({ min: 0, max: 2 ** 30 })),
    words: fc.integer({ min: 0, max: 3 }),
  })
  .map(({ mask, words }) => ({
    placeholder: (n) => mask === -1 || ((mask >> (n % 30)) & 1) === 1,
    orderWords: (n) => ((words >> n) & 1) === 1,
  }));

const answer = (r: { status: number; json: Record<string, unknown> }) =>
  r.status === 200
    ? {
        ids: (r.json.results as { objectId: string }[]).map((o) => o.objectId),
        count: r.json.count,
      }
    : { status: r.status, code: r.json.code };

async function checkScenario(
  s: { objects: Record<string, unknown>[]; queries: GenQuery[] },
  choices: RenderChoices[],
): Promise<void> {
  const cls = await classes.fresh();
  const stored = await classes.store(cls, s.objects);
  const pools = poolsOf(stored);
  for (const [i, q] of s.queries.entries()) {
    const where = q.where === undefined ? undefined : resolve(q.where, stored, pools);
    const rest = await t.request('GET', `/1.1/classes/${cls}`, { query: queryParams(q, where) });
    const statement = renderCql(cls, q, where, choices[i % choices.length]!);
    const cql = await t.request('GET', '/1.1/cloudQuery', { query: { ...statement } });
    const [expected, actual] = [answer(rest), answer(cql)];
    if (
      JSON.stringify(expected) !== JSON.stringify(actual) ||
      (cql.status === 200 && cql.json.className !== cls)
    ) {
      const query = { where, order: q.order, limit: q.limit, skip: q.skip, count: q.count, ...statement };
      throw new Error(
        describeFailure('CQL answer', stored, query, expected, cql.text, ['where query', 'CQL']),
      );
    }
  }
}

describe('CQL agrees with the where language (GET /1.1/cloudQuery, Doc 1 Query)', () => {
  it('same objects, same order, same count on random data and random queries', async () => {
    const seed = process.env.CQL_PROP_SEED ? Number(process.env.CQL_PROP_SEED) : undefined;
    const property = fc.asyncProperty(
      scenarioArb,
      fc.array(choicesArb, { minLength: 1, maxLength: 6 }),
      checkScenario,
    );
    await fc.assert(property, {
      numRuns: Number(process.env.CQL_PROP_RUNS ?? 60),
      ...(seed === undefined ? {} : { seed }),
    });
    expect(classes.runs).toBeGreaterThan(0);
  }, 300_000);
});
