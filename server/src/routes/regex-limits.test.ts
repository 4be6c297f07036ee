import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';

// Security regression: one regular expression froze the server. `^(a*)*\1$` over a 60 KB string
// ran 31 s on PGlite and /healthz waited the whole time. Patterns that cannot run in bounded time
// are now refused before they reach the database, with a message naming the problem.

let t: TestServer;
const where = (pattern: string) => ({ where: { s: { $regex: pattern } } });

beforeAll(async () => {
  t = await startTestServer();
  const r = await t.request('POST', '/1.1/classes/Re', { body: { s: 'a'.repeat(60_000), name: 'long' } });
  expect(r.status).toBe(201);
});
afterAll(() => t.close());

describe('$regex patterns that cannot run in bounded time', () => {
  it('a back-reference over a 60 KB string is refused before it runs', async () => {
    const r = await t.request('GET', '/1.1/classes/Re', { query: where('^(a*)\\1$') });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      code: 1,
      error: expect.stringMatching(/^The \$regex on 's' uses the back-reference \\1, .*not supported/),
    });
  }, 60_000);

  it('the reported pattern is refused, naming its nested quantifiers', async () => {
    const r = await t.request('GET', '/1.1/classes/Re', { query: where('^(a*)*\\1$') });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/repeats \(a\*\)\*, which contains the repetition a\*: nested quantifiers/);
  }, 60_000);

  it('counted repetitions that expand too far are refused, naming the limit', async () => {
    const r = await t.request('GET', '/1.1/classes/Re', { query: where('[ab]{1,255}'.repeat(80)) });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/expands to 20400 positions .* at most 2000 are accepted/);
  }, 60_000);

  it('inside a batch, in a sub-query and in a count the same refusal applies', async () => {
    const batch = await t.request('POST', '/1.1/batch', {
      body: { requests: [{ method: 'GET', path: '/1.1/classes/Re', params: where('(\\w+)\\s\\1') }] },
    });
    expect(batch.status).toBe(200);
    expect(batch.body).toEqual([{ error: { code: 1, error: expect.stringMatching(/back-reference \\1/) } }]);
    const sub = await t.request('GET', '/1.1/classes/Re', {
      query: {
        where: {
          name: { $select: { query: { className: 'Re', where: { s: { $regex: '(a+)+$' } } }, key: 'name' } },
        },
      },
    });
    expect(sub.status).toBe(400);
    expect(sub.json.error).toMatch(/nested quantifiers/);
    const count = await t.request('GET', '/1.1/classes/Re', {
      query: { ...where('^(a*)\\1$'), count: 1, limit: 0 },
    });
    expect(count.status).toBe(400);
  }, 60_000);

  it('the patterns apps send still match', async () => {
    for (const pattern of ['^a+$', '^\\Qaaa\\E', '.*a.*', '^[a]{3}', 'A+$']) {
      const r = await t.request('GET', '/1.1/classes/Re', {
        query: { where: { s: { $regex: pattern, $options: 'i' } }, keys: 'name' },
      });
      expect(r.status, pattern).toBe(200);
      expect(
        (r.json.results as { name: string }[]).map((o) => o.name),
        pattern,
      ).toEqual(['long']);
    }
  }, 60_000);
});
