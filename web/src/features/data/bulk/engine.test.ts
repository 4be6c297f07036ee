import { describe, expect, it } from 'vitest';
import type { BatchElement, BatchRequest } from '../editing/conditional';
import { runBulk } from './engine';
import type { BulkProgress } from './engine';
import { afterId, idsMatching } from './targets';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `o${i}`);
const del = (objectId: string): BatchRequest => ({ method: 'DELETE', path: `/1.1/classes/C/${objectId}` });

describe('runBulk', () => {
  it('sends chunks of 50 and reports progress after each', async () => {
    const sizes: number[] = [];
    const progress: BulkProgress[] = [];
    const result = await runBulk({
      ids: ids(120),
      total: 120,
      request: del,
      send: (batch) => {
        sizes.push(batch.length);
        return Promise.resolve(batch.map(() => ({ success: {} })));
      },
      onProgress: (p) => progress.push(p),
    });
    expect(sizes).toEqual([50, 50, 20]);
    expect(progress.map((p) => p.done)).toEqual([50, 100, 120]);
    expect(result).toMatchObject({ done: 120, failed: 0, cancelled: false, failures: [] });
  });

  it('collects failed elements with their objectId and error', async () => {
    const result = await runBulk({
      ids: ids(3),
      request: del,
      send: (batch) =>
        Promise.resolve(
          batch.map((r, i): BatchElement =>
            i === 1 ? { error: { code: 101, error: `missing ${r.path}` } } : { success: {} },
          ),
        ),
    });
    expect(result.failures).toEqual([{ objectId: 'o1', error: '101: missing /1.1/classes/C/o1' }]);
  });

  it('counts a failed request as a failure of each object in it and goes on', async () => {
    let call = 0;
    const result = await runBulk({
      ids: ids(4),
      chunkSize: 2,
      request: del,
      send: (batch) => {
        call += 1;
        if (call === 1) return Promise.reject(new Error('network down'));
        return Promise.resolve(batch.map(() => ({ success: {} })));
      },
    });
    expect(result.failures.map((f) => f.objectId)).toEqual(['o0', 'o1']);
    expect(result.done).toBe(4);
  });

  it('stops after the current chunk when cancelled', async () => {
    let cancelled = false;
    let sent = 0;
    const result = await runBulk({
      ids: ids(200),
      request: del,
      isCancelled: () => cancelled,
      send: (batch) => {
        sent += batch.length;
        cancelled = true;
        return Promise.resolve(batch.map(() => ({ success: {} })));
      },
    });
    expect(sent).toBe(50);
    expect(result).toMatchObject({ done: 50, cancelled: true });
  });

  it('keeps what was done and reports why when the objects cannot be read further', async () => {
    async function* source() {
      yield* ids(50);
      await Promise.resolve();
      throw new Error('page 2 failed');
    }
    const result = await runBulk({
      ids: source(),
      request: del,
      send: (batch) => Promise.resolve(batch.map(() => ({ success: {} }))),
    });
    expect(result.done).toBe(50);
    expect(result.failures).toEqual([{ objectId: '*', error: 'page 2 failed' }]);
  });
});

describe('idsMatching', () => {
  it('pages by objectId after the last one seen', async () => {
    const all = ids(2500).sort();
    const wheres: unknown[] = [];
    const seen: string[] = [];
    const read = (where: Record<string, unknown>) => {
      wheres.push(where);
      const after = (JSON.stringify(where).match(/"\$gt":"([^"]+)"/) ?? [])[1];
      const rest = all.filter((id) => after === undefined || id > after);
      return Promise.resolve({ results: rest.slice(0, 1000).map((objectId) => ({ objectId })) });
    };
    for await (const id of idsMatching({ price: 3 }, read)) seen.push(id);
    expect(seen).toEqual(all);
    expect(wheres).toHaveLength(3);
    expect(wheres[1]).toEqual({ $and: [{ price: 3 }, { objectId: { $gt: all[999] } }] });
  });

  it('uses the keyset alone without a filter', () => {
    expect(afterId({}, 'x')).toEqual({ objectId: { $gt: 'x' } });
    expect(afterId({ a: 1 }, undefined)).toEqual({ a: 1 });
  });
});
