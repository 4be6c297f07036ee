import {
  CONSOLE_ROLES,
  consoleErrorSchema,
  consoleRoutes,
  CSRF_HEADER,
  REQUEST_ID_HEADER,
  upstreamRoutes,
} from '@switchboard/shared';
import type { RouteDef } from '@switchboard/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createUser } from '../domain/users';
import { ConsoleClient, startBff, testConfig } from '../test/harness';
import { hiddenQuery, netHeaders } from '../test/fuzz-hidden';
import { rawRequest } from '../test/raw-http';
import type { TestBff } from '../test/harness';
import { masterCall, startUpstreamServer } from '../test/upstream-server';
import type { UpstreamServer } from '../test/upstream-server';

/*
 * Random input for every console route and every allowlisted upstream route pattern: bodies of
 * any shape and type, malformed JSON, odd content types, query strings and path parameters with
 * encoded slashes, dot segments, NULs and unicode, queries on hidden fields and sub-queries on
 * _User, Host and X-Forwarded-* variations. Whatever comes in, the bff answers below 500, every
 * refusal is a console error {code, message, requestId}, never a stack trace, and no answer to a
 * role without secrets.read holds a secret (nor any answer the app's keys).
 *
 * FUZZ_RUNS (runs per route and phase, default 10) and FUZZ_SEED make longer or other runs;
 * FUZZ_SHRINK=1 shrinks a failure to a small example instead of reporting the first one.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611);
const SHRINK = process.env.FUZZ_SHRINK === '1';
/** Properties checked at once (each one's requests stay sequential). */
const WIDTH = 4;

const PASSWORD = 'fuzzing admin password';
let upstream: UpstreamServer;
let bff: TestBff;
let admin: ConsoleClient;
let adminCookieHeader: string;
/** Signed in as roles without secrets.read. */
let viewerCookieHeader: string;
let supportCookieHeader: string;
/** Values the app holds that only roles with secrets.read may see. */
const SECRETS = ['wxtokenSECRETfuzz42', 'deepSECRETfuzz77', 'topSECRETfuzz13'];
let adminId: string;
/** An invited console user the admin routes may act on (never the admin: that would end the run). */
let targetId: string;
const demoIds: string[] = [];

beforeAll(async () => {
  upstream = await startUpstreamServer({ seedDemo: true });
  // Behind one proxy, answering for one name: the forwarded headers and Host checks are exercised.
  const config = testConfig(upstream.url, { trustProxy: 1, allowedHosts: ['console.example.com'] });
  config.apps = [{ ...config.apps[0]!, ...upstream.keys }];
  bff = await startBff(config);
  adminId = (
    await createUser(bff.sql, { email: 'fuzz-admin@example.com', password: PASSWORD, role: 'admin' })
  ).id;
  targetId = (await createUser(bff.sql, { email: 'fuzz-target@example.com', role: 'operator' })).id;
  admin = new ConsoleClient(bff.url);
  adminCookieHeader = (await admin.login('fuzz-admin@example.com', PASSWORD)).setCookie?.split(';')[0] ?? '';
  for (const role of ['viewer', 'support'] as const) {
    await createUser(bff.sql, { email: `fuzz-${role}@example.com`, password: PASSWORD, role });
  }
  const cookieOf = async (email: string) =>
    (await new ConsoleClient(bff.url).login(email, PASSWORD)).setCookie?.split(';')[0] ?? '';
  viewerCookieHeader = await cookieOf('fuzz-viewer@example.com');
  supportCookieHeader = await cookieOf('fuzz-support@example.com');
  await masterCall(upstream, 'POST', '/1.1/users', {
    username: 'fuzz-secret-holder',
    password: 'holder password',
    authData: { weixin: { access_token: SECRETS[0], openid: 'fuzz-open' } },
  });
  let deep: unknown = { apiToken: SECRETS[1] };
  for (let i = 0; i < 70; i++) deep = { a: deep };
  await masterCall(upstream, 'POST', '/1.1/classes/Vault', { doc: deep, apiToken: SECRETS[2] });
  for (const c of ['Product', 'Store', 'Review', '_User', '_Role', '_File']) {
    const r = await admin.call('GET', `/api/apps/default/1.1/classes/${c}?limit=2`);
    for (const o of (r.json.results as { objectId: string }[] | undefined) ?? []) demoIds.push(o.objectId);
  }
}, 120_000);

afterAll(async () => {
  await bff?.close();
  await upstream?.stop();
});

// ---------------------------------------------------------------------------------------------
// Sending: node:http, so paths go out exactly as generated (fetch would resolve dot segments).

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

interface FuzzResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** Percent-encodes, as UTF-8, what a request line cannot carry (controls, spaces, non-Latin-1). */
const onTheWire = (s: string) =>
  s.replace(/[^\u0021-\u007e]/gu, (ch) =>
    [...Buffer.from(ch, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );

const send = (req: FuzzRequest): Promise<FuzzResponse> =>
  rawRequest(bff.url, { ...req, path: onTheWire(req.path) });

/** The answer, or status 0 when the connection broke without one. */
const answer = (req: FuzzRequest): Promise<FuzzResponse> =>
  send(req).catch((e: unknown) => ({
    status: 0,
    headers: {},
    text: e instanceof Error ? e.message : String(e),
  }));

/** What is wrong with an answer, or undefined; `hidden` are values this caller may not see. */
function verdict(res: FuzzResponse, hidden: readonly string[] = []): string | undefined {
  if (res.status === 0) return `no answer (${res.text})`;
  for (const key of [upstream.keys.masterKey, upstream.keys.appKey]) {
    if (res.text.includes(key)) return "one of the app's keys";
  }
  const leaked = hidden.find((s) => res.text.includes(s));
  if (leaked) return `a value the role may not see (${leaked})`;
  if (res.status >= 500) return `status ${res.status}`;
  if (/^\s+at\s+\S/m.test(res.text) || /node_modules|\.[cm]?[jt]s:\d+:\d+/.test(res.text))
    return 'a stack trace';
  if (res.status < 400) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    return 'an error body that is not JSON';
  }
  const parsed = consoleErrorSchema.safeParse(body);
  if (!parsed.success) return 'an error body that is not a console error';
  if (parsed.data.requestId !== res.headers[REQUEST_ID_HEADER])
    return 'an error whose requestId is not the header';
  return undefined;
}

const describeRequest = (req: FuzzRequest) => {
  const body =
    req.body === undefined
      ? '(none)'
      : JSON.stringify(req.body.length > 600 ? `${req.body.slice(0, 600)}…` : req.body);
  return `${req.method} ${onTheWire(req.path)}\n    headers ${JSON.stringify(req.headers)}\n    body ${body}`;
};

// ---------------------------------------------------------------------------------------------
// Arbitraries

/** Any code point, and the troublemakers: NUL, lone surrogates, separators. */
const oddChar = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '\u0000',
      '/',
      '\\',
      '%',
      '?',
      '#',
      '&',
      '=',
      '.',
      '"',
      "'",
      '\n',
      '\u2028',
      '😀',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((n) => String.fromCharCode(n)) },
);
const oddString = (maxLength = 40) => fc.string({ unit: oddChar, maxLength });

/** A path segment as typed into a URL: raw, so `%`, `/` and `..` act as they would. */
const oddSegment = fc.oneof(
  fc.constantFrom(
    '',
    '.',
    '..',
    '%2e%2e',
    '.%2e',
    '%2f',
    '%2F',
    '%5c',
    '\\',
    '%00',
    '\u0000',
    '%',
    '%zz',
    '%E0%A4%A',
    '%C0%AE',
    '%252f',
    '..%2f..%2f1.1%2fschemas',
    'a/../b',
    '../../1.1/schemas',
    '?x=1',
    '#frag',
    ';',
    '%3F',
    '%23',
    ' ',
    '%20',
    '+',
    '*',
    'é',
    '😀',
    '__proto__',
    'constructor',
  ),
  oddString(20),
  fc.integer({ min: 64, max: 3000 }).map((n) => 'a'.repeat(n)),
);

const scalar = fc.oneof(
  oddString(20),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.5, '', ' ', 'null', 'true', '1', '-1', '1e309', 'NaN'),
);

/** LeanCloud's typed values and operations, with any content. */
const typedValue = fc.oneof(
  fc.record(
    {
      __type: fc.constantFrom(
        'Date',
        'Pointer',
        'Relation',
        'GeoPoint',
        'File',
        'Bytes',
        'Object',
        'Bogus',
        '',
      ),
      iso: fc.oneof(
        scalar,
        fc.constantFrom('2026-01-31T12:00:00.000Z', '2026-13-45T99:99:99Z', '0000-00-00'),
      ),
      className: fc.oneof(scalar, fc.constantFrom('Product', '_User', 'NoSuch')),
      objectId: fc.oneof(scalar, fc.constantFrom('doesnotexist0')),
      latitude: scalar,
      longitude: scalar,
      base64: scalar,
      name: scalar,
      url: scalar,
      id: scalar,
    },
    { requiredKeys: ['__type'] },
  ),
  fc.record(
    {
      __op: fc.constantFrom(
        'Increment',
        'Decrement',
        'Delete',
        'Add',
        'AddUnique',
        'Remove',
        'AddRelation',
        'RemoveRelation',
        'BitAnd',
        'BitOr',
        'BitXor',
        'Batch',
        'SetOnInsert',
        'Bogus',
      ),
      amount: scalar,
      objects: fc.oneof(scalar, fc.array(scalar, { maxLength: 3 })),
      value: scalar,
      ops: fc.array(fc.dictionary(fc.constantFrom('__op', 'amount', 'objects'), scalar), { maxLength: 2 }),
    },
    { requiredKeys: ['__op'] },
  ),
);

const queryOperator = fc.constantFrom(
  '$lt',
  '$lte',
  '$gt',
  '$gte',
  '$ne',
  '$eq',
  '$in',
  '$nin',
  '$all',
  '$exists',
  '$regex',
  '$options',
  '$select',
  '$dontSelect',
  '$inQuery',
  '$notInQuery',
  '$relatedTo',
  '$or',
  '$and',
  '$nor',
  '$not',
  '$size',
  '$nearSphere',
  '$maxDistance',
  '$within',
  '$box',
  '$geoWithin',
  '$where',
  '$type',
  '$text',
);
const fieldName = fc.oneof(
  fc.constantFrom(
    'name',
    'price',
    'stock',
    'tags',
    'store',
    'location',
    'owner',
    'objectId',
    'createdAt',
    'updatedAt',
    'ACL',
    'username',
    'password',
    'sessionToken',
    'authData',
    'a.b',
    '_private',
    '$or',
    '__proto__',
    '',
  ),
  oddString(12),
);

/** JSON values an object API meets: plain values, typed values, operators, nested queries. */
const apiValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    scalar,
    typedValue,
    fc.dictionary(fc.oneof(queryOperator, fieldName), tie('v'), { maxKeys: 3 }),
    fc.array(tie('v'), { maxLength: 3 }),
  ),
})).v;

const deepJson = fc
  .tuple(fc.integer({ min: 100, max: 20_000 }), fc.boolean())
  .map(([depth, array]) =>
    array ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );
const hugeJson = fc
  .tuple(fc.integer({ min: 10_000, max: 300_000 }), fc.constantFrom('name', 'email', 'where', 'requests'))
  .map(([n, key]) => JSON.stringify({ [key]: 'x'.repeat(n) }));
const malformedJson = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '[1,]',
    'nul',
    '{"a":1}{',
    "{'a':1}",
    '{"a":"\\u0000"}',
    '{"a":"\\ud800"}',
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '"just a string"',
    '42',
    'true',
    'null',
    '[]',
    '\u0000',
    '\ufeff{}',
    '',
    ' ',
  ),
  oddString(60),
);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=bogus',
  'application/JSON',
  'application/vnd.api+json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'text/plain',
  'text/csv',
  'application/octet-stream',
  '*/*',
  '',
  'nonsense',
];

/** The field names a schema names (object schemas), so structured bodies hit real fields. */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  return [];
}

/** Values that often are right for console fields, and many that are not. */
const consoleValue = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom(...CONSOLE_ROLES, 'owner', 'ADMIN'),
  fc.constantFrom('default', 'second', 'nope', 'Default'),
  fc.stringMatching(/^\d{6}$/),
  fc.constant(PASSWORD),
  fc.dictionary(
    fc.oneof(fc.constantFrom('default', 'second'), oddString(10)),
    fc.oneof(fc.constantFrom(...CONSOLE_ROLES), scalar),
    { maxKeys: 3 },
  ),
  scalar,
  fc.jsonValue({ maxDepth: 2 }),
);

/** A JSON object using a route's field names (and others), with any values. */
const structuredBody = (fields: string[], value: fc.Arbitrary<unknown>) =>
  fc.dictionary(fields.length > 0 ? fc.oneof(fc.constantFrom(...fields), fieldName) : fieldName, value, {
    maxKeys: 6,
  });

/** A path any upstream route pattern could have, each parameter filled with something odd or plausible. */
const upstreamPath = fc.constantFrom(...upstreamRoutes.map((r) => r.path)).chain((pattern) => {
  const parts = pattern.split('/').map((p) => (p.startsWith(':') ? segmentFor(p.slice(1)) : fc.constant(p)));
  return fc.tuple(...parts).map((s) => s.join('/'));
});

const batchElement = fc.record(
  {
    method: fc.oneof(
      fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
      fc.constantFrom('PATCH', 'get', '', 'TRACE'),
    ),
    path: fc.oneof(
      { weight: 4, arbitrary: upstreamPath },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '/1.1/batch',
          '/api/apps/default/1.1/schemas',
          'http://127.0.0.1:9/1.1/schemas',
          '1.1/classes/Product',
        ),
      },
      { weight: 1, arbitrary: oddString(30) },
    ),
    body: fc.oneof(structuredBody([], apiValue), apiValue),
    params: fc.dictionary(fc.constantFrom('where', 'limit', 'keys', 'include', 'order', 'count'), apiValue, {
      maxKeys: 3,
    }),
  },
  { requiredKeys: ['method', 'path'] },
);

/** What a body is made of: structured for the route, any JSON, broken JSON, deep, huge, or none. */
function bodyArb(structured: fc.Arbitrary<unknown>): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 6, arbitrary: structured.map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: malformedJson },
    { weight: 1, arbitrary: deepJson },
    { weight: 1, arbitrary: hugeJson },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** A query string: known keys and others, repeated, encoded or raw, with JSON or junk values. */
function queryArb(keys: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...keys, 'where') },
    { weight: 1, arbitrary: oddString(10) },
  );
  const value = fc.oneof(
    oddString(30),
    apiValue.map((v) => JSON.stringify(v) ?? ''),
    fc.constantFrom(
      '',
      '-1',
      '0',
      '1',
      '1000',
      '1001',
      '1e309',
      'NaN',
      '99999999999999999999',
      'csv',
      'jsonl',
      '2026-01-31T12:00:00Z',
      '2026-01-31T12:00:00+99:00',
      '9999-12-31T23:59:59Z',
      '0000-01-01T00:00:00Z',
      '-name,price',
      'store.owner',
    ),
  );
  const pair = fc
    .tuple(key, value, fc.boolean())
    .map(([k, v, encode]) => (encode ? `${safeEncode(k)}=${safeEncode(v)}` : `${k}=${v}`));
  const junk = fc.constantFrom(
    '&',
    '=',
    '&&=&',
    '%',
    'a=%',
    'a=%zz',
    'a[b]=1',
    'a[]=1&a[]=2',
    '__proto__=x',
    'where=1&where=2',
  );
  return fc
    .array(fc.oneof({ weight: 4, arbitrary: pair }, { weight: 1, arbitrary: junk }), { maxLength: 6 })
    .map((p) => p.join('&'));
}

/** encodeURIComponent that does not throw on lone surrogates. */
const safeEncode = (s: string) =>
  encodeURIComponent(
    s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );

function segmentFor(param: string): fc.Arbitrary<string> {
  const plausible: Record<string, fc.Arbitrary<string>> = {
    app: fc.constant('default'),
    id: fc.oneof(fc.constant(targetId), fc.uuid()),
    className: fc.oneof(
      fc.constantFrom(
        'Product',
        'Store',
        'Review',
        '_User',
        '_Role',
        '_File',
        'files',
        '_Installation',
        '_Conversation',
        '_Notification',
        'NoSuch',
      ),
      fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,59}$/),
    ),
    objectId: fc.oneof(
      fc.constantFrom(...demoIds, 'doesnotexist0'),
      fc.stringMatching(/^[A-Za-z0-9]{1,64}$/),
    ),
    taskId: fc.stringMatching(/^[A-Za-z0-9]{1,64}$/),
    pushId: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
    convId: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
    messageId: fc.stringMatching(/^[A-Za-z0-9_+=-]{1,128}$/),
    clientId: fc.stringMatching(/^[A-Za-z0-9_@.:+=-]{1,64}$/),
  };
  const good = plausible[param] ?? fc.string();
  // Never the admin's own id: fuzzing must not demote, reset or log out the admin doing it.
  const odd = oddSegment.filter((s) => s !== adminId);
  // Mostly plausible, so that most requests get past routing to the code behind it.
  return fc.oneof({ weight: param === 'app' ? 9 : 4, arbitrary: good }, { weight: 1, arbitrary: odd });
}

/** arb's value `weight` times in `weight + none`, else undefined. */
const sometimes = <T>(arb: fc.Arbitrary<T>, weight: number, none: number): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight, arbitrary: arb }, { weight: none, arbitrary: fc.constant(undefined) });

interface Target {
  label: string;
  method: string;
  /** Path pattern under the bff, e.g. /api/console-users/:id or /api/apps/:app/1.1/classes/:className. */
  pattern: string;
  queryKeys: string[];
  body: fc.Arbitrary<unknown>;
}

function requestArb(t: Target, cookie: fc.Arbitrary<string | undefined>): fc.Arbitrary<FuzzRequest> {
  const parts = t.pattern
    .split('/')
    .map((p) => (p.startsWith(':') ? segmentFor(p.slice(1)) : fc.constant(p)));
  return fc
    .record({
      path: fc.tuple(...parts).map((s) => s.join('/')),
      query: sometimes(
        fc.oneof({ weight: 3, arbitrary: queryArb(t.queryKeys) }, { weight: 1, arbitrary: hiddenQuery }),
        1,
        1,
      ),
      net: sometimes(netHeaders, 1, 3),
      // A GET rarely has a body; writes always do (or try to).
      body: t.method === 'GET' ? sometimes(bodyArb(t.body), 1, 4) : bodyArb(t.body),
      contentType: sometimes(fc.constantFrom(...CONTENT_TYPES), 1, 2),
      encoding: sometimes(fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'bogus'), 1, 14),
      omitCsrf: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
      cookie,
    })
    .map((g): FuzzRequest => {
      const headers: Record<string, string> = {};
      if (g.body !== undefined) {
        headers['content-type'] = g.contentType ?? 'application/json';
        // Explicit: node would send a GET or DELETE body unframed.
        headers['content-length'] = String(Buffer.byteLength(g.body));
      }
      if (g.body !== undefined && g.encoding) headers['content-encoding'] = g.encoding;
      if (!g.omitCsrf) headers[CSRF_HEADER] = '1';
      if (g.cookie) headers.cookie = onTheWire(g.cookie);
      Object.assign(headers, g.net);
      return {
        method: t.method,
        path: g.query === undefined ? g.path : `${g.path}?${g.query}`,
        headers,
        body: g.body,
      };
    });
}

// ---------------------------------------------------------------------------------------------
// Targets, generated from the route tables

const consoleTargets = (Object.entries(consoleRoutes) as [string, RouteDef][]).map(
  ([key, route]): Target => ({
    label: `${key} ${route.method} ${route.path}`,
    method: route.method,
    pattern: route.path,
    queryKeys: [...fieldsOf(route.query), 'limit', 'format'],
    body: structuredBody(fieldsOf(route.body), consoleValue),
  }),
);

const upstreamTargets = upstreamRoutes.map((route): Target => ({
  label: `${route.method} ${route.path}`,
  method: route.method,
  pattern: `/api/apps/:app${route.path}`,
  queryKeys: [
    ...fieldsOf(route.query),
    ...['where', 'order', 'limit', 'skip', 'keys', 'include', 'count', 'from_client', 'timestamp', 'cursor'],
  ],
  body:
    route.permission === 'per-element'
      ? fc.oneof(
          { weight: 4, arbitrary: fc.record({ requests: fc.array(batchElement, { maxLength: 5 }) }) },
          {
            weight: 1,
            arbitrary: fc.record({ requests: fc.oneof(scalar, fc.array(apiValue, { maxLength: 3 })) }),
          },
        )
      : fc.oneof(
          { weight: 3, arbitrary: structuredBody(fieldsOf(route.body), apiValue) },
          {
            weight: 1,
            arbitrary: fc.record(
              {
                client_ids: fc.array(oddString(10), { maxLength: 3 }),
                from_client: scalar,
                timestamp: scalar,
              },
              { requiredKeys: [] },
            ),
          },
        ),
}));

/** The session of the signed-in phase; routes that end it are fuzzed signed out only. */
const endsSession = (t: Target) =>
  t.pattern === consoleRoutes.logout.path || t.pattern === consoleRoutes.logoutAll.path;

const adminCookie = () => fc.constant(adminCookieHeader);
const strangerCookie = sometimes(
  fc.oneof(
    oddString(40).map((v) => `sb_session=${v}`),
    oddString(60),
    fc.constant('sb_session='),
  ),
  1,
  1,
);

interface Failure {
  label: string;
  message: string;
}

const seedOf = (label: string) => {
  let h = SEED | 0;
  for (const ch of label) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
};

/** Fuzzes each target, a few at a time; returns every target's failure with its request. */
async function fuzz(
  targets: Target[],
  phase: string,
  cookie: () => fc.Arbitrary<string | undefined>,
  hidden: readonly string[] = [],
): Promise<Failure[]> {
  const failures: Failure[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: WIDTH }, async () => {
      while (next < targets.length) {
        const t = targets[next++]!;
        const seed = seedOf(`${phase} ${t.label}`);
        const property = fc.asyncProperty(requestArb(t, cookie()), async (req) => {
          const res = await answer(req);
          const problem = verdict(res, hidden);
          if (problem) {
            throw new Error(
              `${problem}\n    request ${describeRequest(req)}\n    answer ${res.status} ${res.text.slice(0, 400)}`,
            );
          }
        });
        const run = await fc.check(property, { numRuns: RUNS, seed, endOnFailure: !SHRINK });
        if (run.failed) {
          const error =
            run.errorInstance instanceof Error ? run.errorInstance.message : String(run.errorInstance);
          failures.push({
            label: `${phase} ${t.label}`,
            message: `${error}\n    (seed ${seed}, path ${String(run.counterexamplePath)})`,
          });
        }
      }
    }),
  );
  return failures;
}

const report = (failures: Failure[]) => failures.map((f) => `${f.label}: ${f.message}`);

describe('fuzzing every route: never a 500, always a console error', () => {
  it('console routes, signed in as an admin', async () => {
    const failures = await fuzz(
      consoleTargets.filter((t) => !endsSession(t)),
      'admin',
      adminCookie,
    );
    expect(report(failures)).toEqual([]);
    // The admin's session survived the run (so every case above really was signed in).
    expect((await admin.call('GET', consoleRoutes.getSession.path)).status).toBe(200);
  }, 300_000);

  it('upstream routes, signed in as an admin', async () => {
    const failures = await fuzz(upstreamTargets, 'admin', adminCookie);
    expect(report(failures)).toEqual([]);
    expect((await admin.call('GET', consoleRoutes.getSession.path)).status).toBe(200);
  }, 300_000);

  it('upstream routes as roles without secrets.read: no secret in any answer', async () => {
    const cookie = () => fc.constantFrom(viewerCookieHeader, supportCookieHeader);
    const failures = await fuzz(upstreamTargets, 'no secrets.read', cookie, SECRETS);
    expect(report(failures)).toEqual([]);
  }, 300_000);

  it('console and upstream routes, signed out (with no cookie or a made-up one)', async () => {
    const failures = await fuzz([...consoleTargets, ...upstreamTargets], 'signed out', () => strangerCookie);
    expect(report(failures)).toEqual([]);
  }, 300_000);
});

// ---------------------------------------------------------------------------------------------
// What the fuzzing found, as plain cases.

/** A request as the signed-in admin's browser would send it, body given as JSON text. */
function asAdmin(method: string, path: string, body?: string): FuzzRequest {
  const headers: Record<string, string> = { cookie: adminCookieHeader, [CSRF_HEADER]: '1' };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  return { method, path, headers, body };
}

describe('inputs the fuzzing found', () => {
  it('a NUL in a console user id is answered like any unknown id, not with a 500', async () => {
    for (const [method, path, body] of [
      ['PUT', '/api/console-users/%00', '{"role":"viewer"}'],
      ['POST', '/api/console-users/%00/password-reset', '{}'],
      ['DELETE', '/api/console-users/%00/sessions', undefined],
      ['DELETE', '/api/console-users/%00/totp', undefined],
    ] as const) {
      const res = await answer(asAdmin(method, path, body));
      expect(verdict(res), `${method} ${path}: ${res.status} ${res.text}`).toBeUndefined();
    }
  });

  it('a NUL in an audit filter is a 400, not a 500 (list) or a dropped connection (export)', async () => {
    for (const path of [
      '/api/audit?actor=%00',
      '/api/audit?action=a%00',
      '/api/audit/export?format=csv&actor=%00',
    ]) {
      const res = await answer(asAdmin('GET', path));
      expect(verdict(res), `GET ${path}: ${res.status} ${res.text}`).toBeUndefined();
    }
  });

  it("a write the app refuses for a NUL or an unpaired surrogate passes the app's 4xx on, audited", async () => {
    const product = `/api/apps/default/1.1/classes/Product/${demoIds[0] ?? 'doesnotexist0'}`;
    for (const [method, path, body] of [
      ['POST', '/api/apps/default/1.1/classes/Product', '{"name":"a\\u0000b"}'],
      ['POST', '/api/apps/default/1.1/classes/Product', '{"name":"\\ud800"}'],
      ['PUT', `${product}?fetchWhenSave=%00`, '{}'],
      ['POST', '/api/apps/default/1.1/exportData', '{"classes":"\\udc00"}'],
    ] as const) {
      const res = await answer(asAdmin(method, path, body));
      const what = `${method} ${path} ${body}: ${res.status} ${res.text}`;
      expect(verdict(res), what).toBeUndefined();
      expect(res.status >= 400 && res.status < 500, what).toBe(true);
      const rows = await bff.sql.query('SELECT result FROM audit_log WHERE request_id = $1', [
        res.headers[REQUEST_ID_HEADER],
      ]);
      expect(rows, `the audit entry of ${what}`).toEqual([{ result: 'error' }]);
    }
  });

  // The bff could not serialize such a body to forward it, and reported that as the app being
  // unreachable (502 upstream_unreachable); it now refuses bodies deeper than the API's limit.
  it('a body nested too deep to forward is a 4xx, not a 502 "the app cannot be reached"', async () => {
    const depth = 50_000;
    const deep = `{"x":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
    for (const path of ['/api/apps/default/1.1/classes/Product', '/api/apps/default/1.2/rtm/broadcasts']) {
      const res = await answer(asAdmin('POST', path, deep));
      expect(verdict(res), `POST ${path} (${depth} levels): ${res.status} ${res.text}`).toBeUndefined();
    }
    const batch = `{"requests":[{"method":"POST","path":"/1.1/classes/Product","body":${deep}}]}`;
    const res = await answer(asAdmin('POST', '/api/apps/default/1.1/batch', batch));
    expect(verdict(res), `POST /1.1/batch (${depth} levels): ${res.status} ${res.text}`).toBeUndefined();
  });
});
