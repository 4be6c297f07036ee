import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';

// Security regression: a statement had no time limit, so one slow query held the server (and, on
// PGlite, every other request including /healthz) for as long as it ran. Every statement now has
// one (STATEMENT_TIMEOUT_MS): Postgres stops it (statement_timeout), PGlite checks it before each
// $regex match; either way the client gets 503 with LeanCloud's code 124 within the limit plus a
// second. The pattern below is allowed (no back-reference, no nesting) yet costs about a
// microsecond per byte and position of text: 40 strings of 100 KB take seconds without a limit.

const LIMIT_MS = 500;
const SLOW = { where: { s: { $regex: 'a[ab]{100}b[ab]{100}x' } } };

let t: TestServer;

/** A reproducible string of a and b: the pattern's worst case is text it almost matches. */
function abText(length: number, seed: number): string {
  let x = seed;
  let out = '';
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out += x & 1024 ? 'a' : 'b';
  }
  return out;
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = Date.now();
  const value = await run();
  return { ms: Date.now() - started, value };
}

beforeAll(async () => {
  t = await startTestServer({ statementTimeoutMs: LIMIT_MS });
  const requests = Array.from({ length: 40 }, (_, i) => ({
    method: 'POST',
    path: '/1.1/classes/Slow',
    body: { s: abText(100_000, i + 1), i },
  }));
  const r = await t.request('POST', '/1.1/batch', { auth: 'master', body: { requests } });
  expect(r.status).toBe(200);
}, 120_000);
afterAll(() => t.close());

describe('the statement time limit', () => {
  it('stops a slow query: 503 with code 124 within the limit plus a second', async () => {
    const { ms, value: r } = await timed(() => t.request('GET', '/1.1/classes/Slow', { query: SLOW }));
    expect(r.status).toBe(503);
    expect(r.json).toEqual({
      code: 124,
      error: expect.stringMatching(/^The request timed out on the server/),
    });
    expect(ms).toBeLessThan(LIMIT_MS + 1000);
  }, 60_000);

  it('stops a slow count and a slow batch element the same way', async () => {
    const count = await t.request('GET', '/1.1/classes/Slow', { query: { ...SLOW, count: 1, limit: 0 } });
    expect(count.status).toBe(503);
    expect(count.json.code).toBe(124);
    const batch = await t.request('POST', '/1.1/batch', {
      body: { requests: [{ method: 'GET', path: '/1.1/classes/Slow', params: SLOW }] },
    });
    expect(batch.status).toBe(200);
    expect(batch.body).toEqual([{ error: { code: 124, error: expect.stringMatching(/timed out/) } }]);
  }, 60_000);

  it('/healthz answers while a slow query runs; on Postgres before that query ends', async () => {
    let slowEnded = false;
    const slow = t.request('GET', '/1.1/classes/Slow', { query: SLOW }).finally(() => (slowEnded = true));
    const { ms, value: health } = await timed(() => fetch(`${t.url}/healthz`));
    // PGlite runs one statement at a time in this process: /healthz waits for the slow one, which
    // the limit ends. Postgres serves it from another connection of the pool.
    const endedFirst = slowEnded;
    expect(health.status).toBe(200);
    expect(ms).toBeLessThan(LIMIT_MS + 1000);
    if (t.server.sql.kind === 'postgres') expect(endedFirst).toBe(false);
    expect((await slow).status).toBe(503);
  }, 60_000);

  it('leaves cheap queries alone', async () => {
    const r = await t.request('GET', '/1.1/classes/Slow', { query: { where: { i: { $lt: 3 } }, keys: 'i' } });
    expect(r.status).toBe(200);
    expect((r.json.results as unknown[]).length).toBe(3);
  }, 60_000);
});
