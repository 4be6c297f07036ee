import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('atomic operations under concurrency', () => {
  it('two clients incrementing 1,000 times each give exactly 2,000', { timeout: 120_000 }, async () => {
    const created = await t.request('POST', '/1.1/classes/Counter', { body: { n: 0, tags: [] } });
    const path = `/1.1/classes/Counter/${String(created.json.objectId)}`;
    // Each client keeps 10 requests in flight, so the two interleave on the same row.
    const client = async (label: string) => {
      for (let batch = 0; batch < 100; batch++) {
        const rs = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            t.request('PUT', path, {
              body: {
                n: { __op: 'Increment', amount: 1 },
                tags: { __op: 'AddUnique', objects: [`${label}${(batch * 10 + i) % 7}`] },
              },
            }),
          ),
        );
        for (const r of rs) expect(r.status, r.text).toBe(200);
      }
    };
    await Promise.all([client('a'), client('b')]);
    const final = await t.request('GET', path);
    expect(final.json.n).toBe(2000);
    expect((final.json.tags as string[]).sort()).toEqual([
      'a0',
      'a1',
      'a2',
      'a3',
      'a4',
      'a5',
      'a6',
      'b0',
      'b1',
      'b2',
      'b3',
      'b4',
      'b5',
      'b6',
    ]);
  });
});
