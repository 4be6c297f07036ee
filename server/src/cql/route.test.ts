import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, signUp } from '../test/accounts';
import type { TestUser } from '../test/accounts';
import { startTestServer } from '../test/harness';
import type { AuthMode, TestServer } from '../test/harness';

// GET /1.1/cloudQuery over real HTTP: the answer's shape, the objects API's rules applied to CQL
// (ACLs, the closed _User query, credentials never returned), errors, and hostile statements.

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let secretId: string;

beforeAll(async () => {
  t = await startTestServer();
  [alice, bob] = [await signUp(t, { email: 'alice@example.com' }), await signUp(t)];
  for (const [name, score] of [
    ['a', 10],
    ['b', 20],
    ['c', 30],
  ] as const) {
    await t.request('POST', '/1.1/classes/CqlItem', { body: { name, score } });
  }
  const secret = await t.request('POST', '/1.1/classes/CqlItem', {
    body: { name: 'secret', score: 99, ACL: { [alice.objectId]: { read: true, write: true } } },
  });
  secretId = String(secret.json.objectId);
});
afterAll(() => t.close());

const cql = (
  statement: string,
  opts: { pvalues?: unknown[]; auth?: AuthMode; headers?: Record<string, string> } = {},
) =>
  t.request('GET', '/1.1/cloudQuery', {
    auth: opts.auth ?? 'app',
    headers: opts.headers ?? {},
    query: { cql: statement, ...(opts.pvalues ? { pvalues: opts.pvalues } : {}) },
  });
const namesOf = (r: { json: Record<string, unknown> }) =>
  (r.json.results as { name: string }[]).map((o) => o.name);

describe('answers', () => {
  it('results, className and count, in the requested order', async () => {
    const r = await cql('select count(*), * from CqlItem where score >= ? order by -score', {
      pvalues: [20],
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ className: 'CqlItem', count: 2 });
    expect(namesOf(r)).toEqual(['c', 'b']);
    const only = await cql('select count(*) from CqlItem');
    expect(only.json).toEqual({ results: [], count: 3, className: 'CqlItem' });
    const keys = await cql('select name from CqlItem where name = "a"');
    expect(Object.keys((keys.json.results as object[])[0] ?? {}).sort()).toEqual([
      'createdAt',
      'name',
      'objectId',
      'updatedAt',
    ]);
  });

  it('an unknown class answers no objects, like GET /1.1/classes', async () => {
    expect((await cql('select * from CqlNoSuchClass')).json).toEqual({
      results: [],
      className: 'CqlNoSuchClass',
    });
  });

  it('runs as a batch element too', async () => {
    const r = await t.request('POST', '/1.1/batch', {
      body: {
        requests: [
          { method: 'GET', path: '/1.1/cloudQuery', params: { cql: 'select count(*) from CqlItem' } },
        ],
      },
    });
    expect(r.body).toEqual([{ success: { results: [], count: 3, className: 'CqlItem' } }]);
  });
});

describe('the objects API rules apply', () => {
  it('ACL: an object only its owner may read stays hidden from others, in counts as well', async () => {
    const statement = 'select count(*), * from CqlItem where score > 50';
    const anonymous = await cql(statement);
    expect([anonymous.json.count, namesOf(anonymous)]).toEqual([0, []]);
    const other = await cql(statement, { headers: session(bob) });
    expect(other.json.count).toBe(0);
    const owner = await cql(statement, { headers: session(alice) });
    expect([owner.json.count, namesOf(owner)]).toEqual([1, ['secret']]);
    // Nor does a sub-query over the hidden object reveal it.
    const sub = await cql(
      'select count(*) from CqlItem where objectId in (select objectId from CqlItem where score > 50)',
    );
    expect(sub.json.count).toBe(0);
    expect((await cql(`select * from CqlItem where objectId = '${secretId}'`)).json.results).toEqual([]);
  });

  it('_User: closed to queries without the master key; credentials never come back', async () => {
    const closed = await cql("select * from _User where email = 'alice@example.com'");
    expect([closed.status, closed.json.code]).toEqual([403, 403]);
    const master = await cql('select username, password, sessionToken from _User where objectId = ?', {
      auth: 'master',
      pvalues: [alice.objectId],
    });
    expect(master.status, master.text).toBe(200);
    const [user] = master.json.results as Record<string, unknown>[];
    expect(user?.username).toBe(alice.username);
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('sessionToken');
  });
});

describe('errors', () => {
  it('a syntax error is 400 / 300 with its position', async () => {
    const r = await cql('select * GameScore limit 10');
    expect([r.status, r.json]).toEqual([
      400,
      { code: 300, error: 'CQL syntax error at line 1, column 10: Expected "," or "from" but "G" found.' },
    ]);
  });

  it('missing cql, malformed pvalues, too long a statement: 400 with a reason', async () => {
    const missing = await t.request('GET', '/1.1/cloudQuery');
    expect([missing.status, missing.json.code, missing.json.error]).toEqual([
      400,
      1,
      'Invalid query parameters (cql): cql (a CQL select statement) is required.',
    ]);
    for (const pvalues of ['[1,', '{"a":1}', '"x"']) {
      const r = await t.request('GET', '/1.1/cloudQuery', {
        query: { cql: 'select * from T where a = ?', pvalues },
      });
      expect([r.status, r.json.error]).toEqual([
        400,
        'Invalid query parameters (pvalues): pvalues must be a JSON array such as ["dennis", 80].',
      ]);
    }
    const long = await cql(`select * from CqlItem where name = '${'x'.repeat(4100)}'`);
    expect([long.status, long.json.error]).toEqual([
      400,
      'Invalid query parameters (cql): cql may be at most 4096 characters long.',
    ]);
  });

  it('hostile statements are answered with a 4xx or quickly, never a 500', async () => {
    const deep = await cql(`select * from CqlItem where ${'('.repeat(2000)}a=1${')'.repeat(2000)}`);
    expect([deep.status, deep.json.code]).toEqual([400, 300]);
    // As many ORs as 4096 characters hold (about 320).
    const ors = Array.from({ length: 320 }, (_, i) => `score=${i}`).join(' or ');
    const many = await cql(`select count(*) from CqlItem where ${ors}`);
    expect([many.status, many.json.count], many.text).toEqual([200, 3]);
    // A long list arrives in a batch body (a URL stops at 16 KB).
    const inList = (length: number) =>
      t.request('POST', '/1.1/batch', {
        body: {
          requests: [
            {
              method: 'GET',
              path: '/1.1/cloudQuery',
              params: {
                cql: 'select count(*) from CqlItem where score in ?',
                pvalues: [Array.from({ length }, (_, i) => i)],
              },
            },
          ],
        },
      });
    const bigList = await inList(1000);
    expect(bigList.body).toEqual([{ success: { results: [], count: 3, className: 'CqlItem' } }]);
    // Past the where language's bound on conditions, CQL is refused the same way.
    const tooBig = await inList(5000);
    expect(tooBig.body).toEqual([
      {
        error: {
          code: 1,
          error: expect.stringContaining('at most 1000 are accepted') as unknown,
        },
      },
    ]);
    const badRegex = await cql("select * from CqlItem where name regexp '(('");
    expect(badRegex.status).toBe(400);
  });
});
