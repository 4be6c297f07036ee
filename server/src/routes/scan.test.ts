import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';

let t: TestServer;
const ids: string[] = [];
beforeAll(async () => {
  t = await startTestServer();
  for (let i = 0; i < 7; i++) {
    const r = await t.request('POST', '/1.1/classes/Scan', { body: { seq: i * 10, even: i % 2 === 0 } });
    ids.push(String(r.json.objectId));
  }
});
afterAll(() => t.close());

async function scanAll(params: Record<string, string>): Promise<{ pages: number; seqs: number[] }> {
  const seqs: number[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const r = await t.request('GET', '/1.1/scan/classes/Scan', {
      auth: 'master',
      query: { ...params, ...(cursor ? { cursor } : {}) },
    });
    expect(r.status, r.text).toBe(200);
    seqs.push(...(r.json.results as { seq: number }[]).map((o) => o.seq));
    cursor = (r.json.cursor as string | null) ?? undefined;
    pages++;
  } while (cursor && pages < 20);
  return { pages, seqs };
}

describe('scan', () => {
  it('needs the master key', async () => {
    const r = await t.request('GET', '/1.1/scan/classes/Scan');
    expect([r.status, r.json.code]).toEqual([403, 403]);
  });

  it('pages by objectId with a cursor and ends with a null cursor', async () => {
    const { pages, seqs } = await scanAll({ limit: '3' });
    expect(seqs).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(pages).toBe(3);
  });

  it('orders by a custom scan_key, descending with "-", and filters with where', async () => {
    expect((await scanAll({ limit: '2', scan_key: '-seq' })).seqs).toEqual([60, 50, 40, 30, 20, 10, 0]);
    expect(
      (await scanAll({ limit: '2', scan_key: 'seq', where: JSON.stringify({ even: true }) })).seqs,
    ).toEqual([0, 20, 40, 60]);
    const bad = await t.request('GET', '/1.1/scan/classes/Scan', {
      auth: 'master',
      query: { scan_key: 'seq', where: JSON.stringify({ seq: 1 }) },
    });
    expect(bad.status).toBe(400);
  });

  it('refuses a forged cursor and one older than ten minutes', async () => {
    const first = await t.request('GET', '/1.1/scan/classes/Scan', { auth: 'master', query: { limit: '2' } });
    const cursor = String(first.json.cursor);
    const forged = await t.request('GET', '/1.1/scan/classes/Scan', {
      auth: 'master',
      query: { cursor: `${cursor}x` },
    });
    expect(forged.status).toBe(400);
    await t.request('POST', '/1.1/__test/clock', { auth: 'master', body: { advanceMs: 9 * 60_000 } });
    expect(
      (await t.request('GET', '/1.1/scan/classes/Scan', { auth: 'master', query: { cursor, limit: '2' } }))
        .status,
    ).toBe(200);
    await t.request('POST', '/1.1/__test/clock', { auth: 'master', body: { advanceMs: 2 * 60_000 } });
    const expired = await t.request('GET', '/1.1/scan/classes/Scan', {
      auth: 'master',
      query: { cursor, limit: '2' },
    });
    expect(expired.status).toBe(400);
    expect(String(expired.json.error)).toMatch(/expired/);
    await t.request('POST', '/1.1/__test/clock', { auth: 'master', body: { reset: true } });
  });
});
