import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { scenarioArb } from './query-arbitraries';
import type { GenQuery } from './query-arbitraries';
import { checkQueries, ScenarioClasses } from './query-scenario';

/**
 * The query property (query-property.test.ts) on classes whose typed fields each lead a btree
 * index made through the index API: an equality on such a field is then written on the index's
 * expression alone, without the containment test (store/where-values.ts). Same objects, same
 * order, same count as the in-memory model, so both ways of writing an equality select alike.
 */

/** The fields of the generated objects that have one type each (query-arbitraries.ts). */
const TYPED_FIELDS = ['s', 'n', 'f', 'b', 'd', 'p'];

let t: TestServer;
let classes: ScenarioClasses;
beforeAll(async () => {
  t = await startTestServer();
  classes = new ScenarioClasses(t, 'PropIx');
});
afterAll(() => t.close());

async function indexTypedFields(cls: string): Promise<void> {
  const listed = await t.request('GET', `/1.1/indices/${cls}`, { auth: 'master' });
  // A run without objects has not created its class: nothing to index.
  if (listed.status === 404) return;
  if (listed.status !== 200) throw new Error(`indexes of ${cls}: ${listed.status} ${listed.text}`);
  const have = new Set((listed.json.results as { name: string }[]).map((i) => i.name));
  for (const field of TYPED_FIELDS) {
    if (have.has(`${field}_asc`)) continue;
    const r = await t.request('POST', `/1.1/indices/${cls}`, {
      auth: 'master',
      body: { keys: { [field]: 1 } },
    });
    if (r.status !== 201) throw new Error(`index on ${field}: ${r.status} ${r.text}`);
  }
}

async function checkScenario(s: { objects: Record<string, unknown>[]; queries: GenQuery[] }): Promise<void> {
  const cls = await classes.fresh();
  const stored = await classes.store(cls, s.objects);
  // After the objects, so each index is built on its field's typed expression.
  await indexTypedFields(cls);
  await checkQueries(t, cls, stored, s.queries);
}

describe('queries on indexed fields agree with the in-memory model (Doc 1 Query)', () => {
  it('same results, same order, same count when every typed field leads an index', async () => {
    const seed = process.env.QUERY_PROP_SEED ? Number(process.env.QUERY_PROP_SEED) : undefined;
    await fc.assert(fc.asyncProperty(scenarioArb, checkScenario), {
      numRuns: Number(process.env.QUERY_PROP_RUNS ?? 40),
      ...(seed === undefined ? {} : { seed }),
    });
    expect(classes.runs).toBeGreaterThan(0);
  }, 300_000);
});
