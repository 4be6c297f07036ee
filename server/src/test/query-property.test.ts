import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { scenarioArb } from './query-arbitraries';
import type { GenQuery } from './query-arbitraries';
import { checkQueries, ScenarioClasses } from './query-scenario';

/**
 * Doc 1 "Query (GET class)": query results of the real server (PGlite or Postgres) against the
 * in-memory evaluator of query-model.ts, on random data and random where / order / skip / limit:
 * same objects, same order, same count.
 *
 * Each run creates objects in a class of its own (after 400 runs, e.g. in a long shrink, emptied
 * classes are reused: an app has at most 500), then sends several queries. Values that a query
 * should find in the data (and objectIds, createdAt) are placeholders {__ref} in the generated
 * query, resolved against the objects the server created, so data and queries shrink independently.
 * QUERY_PROP_RUNS and QUERY_PROP_SEED (environment) run longer or replay a seed.
 */

let t: TestServer;
let classes: ScenarioClasses;
beforeAll(async () => {
  t = await startTestServer();
  classes = new ScenarioClasses(t);
});
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// Running a scenario against the server.

async function checkScenario(s: { objects: Record<string, unknown>[]; queries: GenQuery[] }): Promise<void> {
  const cls = await classes.fresh();
  const stored = await classes.store(cls, s.objects);
  await checkQueries(t, cls, stored, s.queries);
}

describe('queries agree with the in-memory model (Doc 1 Query)', () => {
  it('same results, same order, same count on random data and random queries', async () => {
    const seed = process.env.QUERY_PROP_SEED ? Number(process.env.QUERY_PROP_SEED) : undefined;
    await fc.assert(fc.asyncProperty(scenarioArb, checkScenario), {
      numRuns: Number(process.env.QUERY_PROP_RUNS ?? 100),
      ...(seed === undefined ? {} : { seed }),
    });
    expect(classes.runs).toBeGreaterThan(0);
  }, 300_000);
});
