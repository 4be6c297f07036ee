import { Agent, request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, startTestServer, TEST_KEYS } from './harness';
import type { TestServer } from './harness';
import {
  authRequest,
  batchRequest,
  classQuery,
  createRequest,
  FUZZ_CLASS,
  FUZZ_DEEP_CLASS,
  FUZZ_PATH_CLASS,
  FUZZ_TARGET_CLASS,
  nestedJson,
  overrideRequest,
  pathRequest,
  scanRequest,
  seeded,
  updateRequest,
} from './fuzz-arbitraries';
import type { FuzzRequest } from './fuzz-arbitraries';

/**
 * Doc 1 acceptance: bad input (malformed JSON, wrong types in `where`, unknown operators,
 * oversized bodies, invalid names) gets a 4xx `{code, error}`; thousands of random bodies and
 * `where` clauses never produce a 500 or a hang.
 *
 * Every reply must be: status < 500; JSON; for status >= 400 an object `{code: integer,
 * error: non-empty string}`. fast-check stops at the first bad reply and shrinks the input.
 * FUZZ_SURVEY=1 instead runs every input, collects all bad replies and reports them grouped
 * with the error the server logged (no shrinking), which is handier for fixing several server
 * bugs at once; it also prints the most frequent 4xx errors per generator.
 */

const SURVEY = process.env.FUZZ_SURVEY === '1';
/** Scales every numRuns, e.g. FUZZ_SCALE=10 for a long local run. */
const SCALE = Number(process.env.FUZZ_SCALE ?? '1') || 1;
/** Replays a run: FUZZ_SEED=<the seed fast-check printed>. */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const REQUEST_TIMEOUT_MS = 10_000;
const runs = (n: number) => Math.max(1, Math.round(n * SCALE));

let t: TestServer;
let base: URL;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
let sent = 0;
/** Replies per generator and status, printed at the end to show what the fuzz reached. */
const statuses: Record<string, Record<number, number>> = {};
/** Survey mode: the 4xx errors per generator, to see which checks the fuzz reaches. */
const refusals: Record<string, Map<string, number>> = {};

interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

function fullPath(req: FuzzRequest): string {
  if (!req.query || Object.keys(req.query).length === 0) return req.path;
  const qs = new URLSearchParams(Object.entries(req.query)).toString();
  return `${req.path}${req.path.includes('?') ? '&' : '?'}${qs}`;
}

/** Sends one request over raw HTTP (paths unnormalized, any header), failing after a timeout. */
function send(req: FuzzRequest, opts: { timeoutMs?: number; agent?: Agent | false } = {}): Promise<RawReply> {
  const headers: Record<string, string> = { ...authHeaders(req.auth), ...req.headers };
  const body =
    req.body === undefined
      ? undefined
      : typeof req.body === 'string'
        ? Buffer.from(req.body, 'utf8')
        : Buffer.from(req.body);
  if (body) headers['Content-Length'] = String(body.length);
  sent++;
  return new Promise((resolve, reject) => {
    let answered = false;
    const r = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        method: req.method,
        path: fullPath(req),
        headers,
        agent: opts.agent ?? agent,
        signal: AbortSignal.timeout(opts.timeoutMs ?? REQUEST_TIMEOUT_MS),
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    r.on('error', (e: NodeJS.ErrnoException) => {
      // A server that answers before reading a large body may reset the upload; the answer counts.
      if (answered) return;
      // A kept-alive socket the server closed after its last reply: Node's advice is to retry once.
      if (r.reusedSocket && e.code === 'ECONNRESET') {
        sent--;
        send(req, { ...opts, agent: false }).then(resolve, reject);
        return;
      }
      reject(new Error(`${e.name}: ${e.message} (no reply to ${describeRequest(req)})`));
    });
    r.end(body);
  });
}

const clip = (s: string, n = 400) => (s.length > n ? `${s.slice(0, n)}... (${s.length} chars)` : s);

/** The request as a reader needs it to reproduce a failure (long parts clipped). */
function describeRequest(req: FuzzRequest): string {
  const lines = [`${req.method} ${clip(fullPath(req))}`, `  auth: ${req.auth}`];
  if (req.query) lines.push(`  query: ${clip(JSON.stringify(req.query))}`);
  if (req.headers && Object.keys(req.headers).length)
    lines.push(`  headers: ${clip(JSON.stringify(req.headers))}`);
  if (req.body !== undefined) {
    const b =
      typeof req.body === 'string'
        ? JSON.stringify(req.body)
        : `bytes ${Buffer.from(req.body).toString('hex')}`;
    lines.push(`  body: ${clip(b)}`);
  }
  return lines.join('\n');
}

/** What is wrong with a reply, or undefined when it meets Doc 1's error conventions. */
function problemOf(reply: RawReply): string | undefined {
  if (reply.status >= 500) return `HTTP ${reply.status}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(reply.text);
  } catch {
    return `HTTP ${reply.status} with a body that is not JSON`;
  }
  if (reply.status >= 400) {
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return `HTTP ${reply.status} with a body that is not a JSON object`;
    const { code, error } = parsed as Record<string, unknown>;
    if (typeof code !== 'number' || !Number.isInteger(code))
      return `HTTP ${reply.status} without an integer code`;
    if (typeof error !== 'string' || error === '') return `HTTP ${reply.status} without a non-empty error`;
  }
  return undefined;
}

/** A reply's error with names and values blanked, so one bug groups as one entry. */
function signature(text: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  const { code, error } = (typeof body === 'object' && body ? body : { error: String(body) }) as Record<
    string,
    unknown
  >;
  const message = typeof error === 'string' ? error : JSON.stringify(body);
  return `${String(code)} ${message.replace(/'[^']*'|"[^"]*"|\/\S*|\d+/g, '…').slice(0, 120)}`;
}

/**
 * A 200 batch reply is an array of `{success}` or `{error: {code, error}}`; an element that
 * failed with the internal error is the batch form of a 500.
 */
function batchElementProblem(reply: RawReply): string | undefined {
  if (reply.status !== 200) return undefined;
  const body = JSON.parse(reply.text) as unknown;
  if (!Array.isArray(body)) return 'batch reply is not an array';
  for (const [i, el] of body.entries()) {
    const e = el as { success?: unknown; error?: { code?: unknown; error?: unknown } } | null;
    if (e && 'success' in e) continue;
    const err = e?.error;
    if (!err || !Number.isInteger(err.code) || typeof err.error !== 'string' || err.error === '')
      return `batch element ${i} has neither success nor {code, error}`;
    if (err.error === 'Internal server error.') return `batch element ${i} failed with an internal error`;
  }
  return undefined;
}

/** A further rule for one kind of request; returns what is wrong, if anything. */
type ExtraCheck = (reply: RawReply, req: FuzzRequest) => string | undefined;

interface SurveyEntry {
  problem: string;
  count: number;
  shortest: FuzzRequest;
  reply: RawReply;
  cause: string | undefined;
}
const survey = new Map<string, SurveyEntry>();

/** Survey mode: the message of the last error the server logged (requests go one at a time). */
let serverError: string | undefined;

/** Survey mode: turns on the server's error log and keeps each error's message, not the line. */
function captureServerErrors(log: { level: string }): void {
  log.level = 'error';
  // pino keeps its destination under Symbol(pino.stream); request loggers inherit it.
  const stream = Object.getOwnPropertySymbols(log).find((s) => s.description === 'pino.stream');
  if (!stream) return;
  (log as unknown as Record<symbol, unknown>)[stream] = {
    write(line: string) {
      try {
        const entry = JSON.parse(line) as { err?: { type?: string; message?: string; stack?: string } };
        const at = entry.err?.stack?.split('\n').find((l) => l.includes('/src/'));
        serverError = `${entry.err?.type}: ${entry.err?.message} ${at?.trim() ?? ''}`;
      } catch {
        serverError = line;
      }
    },
  };
}

/** Sends a request and checks the reply; throws (or, in survey mode, records) on a bad one. */
async function exercise(
  req: FuzzRequest,
  extraCheck?: ExtraCheck,
  sendOpts?: Parameters<typeof send>[1],
): Promise<RawReply> {
  serverError = undefined;
  const reply = await send(req, sendOpts);
  const counts = (statuses[req.kind] ??= {});
  counts[reply.status] = (counts[reply.status] ?? 0) + 1;
  if (SURVEY && reply.status >= 400) {
    const errors = (refusals[req.kind] ??= new Map());
    const sig = `${reply.status} ${signature(reply.text)}`;
    errors.set(sig, (errors.get(sig) ?? 0) + 1);
  }
  const problem = problemOf(reply) ?? extraCheck?.(reply, req);
  if (!problem) return reply;
  if (SURVEY) {
    const key = `${req.kind} ${problem} ${signature(reply.text)} ${serverError ?? ''}`;
    const prev = survey.get(key);
    const len = (r: FuzzRequest) => describeRequest(r).length;
    const cause = serverError;
    if (!prev) survey.set(key, { problem, count: 1, shortest: req, reply, cause });
    else {
      prev.count++;
      if (len(req) < len(prev.shortest)) Object.assign(prev, { shortest: req, reply, cause });
    }
    return reply;
  }
  throw new Error(`${problem}\n${describeRequest(req)}\nreply: ${reply.text.slice(0, 2000)}`);
}

function fuzz(arb: fc.Arbitrary<FuzzRequest>, numRuns: number, extraCheck?: ExtraCheck) {
  return fc.assert(
    fc.asyncProperty(arb, async (req) => {
      await exercise(req, extraCheck);
    }),
    { numRuns: runs(numRuns), ...(SEED === undefined ? {} : { seed: SEED }) },
  );
}

async function expectAlive(): Promise<void> {
  const r = await send({ kind: 'alive', method: 'GET', path: '/1.1/date', auth: 'app' });
  expect(r.status).toBe(200);
  expect(JSON.parse(r.text)).toMatchObject({ __type: 'Date' });
}

async function create(className: string, body: Record<string, unknown>): Promise<string> {
  const r = await send({
    kind: 'seed',
    method: 'POST',
    path: `/1.1/classes/${className}`,
    auth: 'master',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(r.status, r.text).toBe(201);
  return String((JSON.parse(r.text) as { objectId: string }).objectId);
}

const startedAt = Date.now();

beforeAll(async () => {
  t = await startTestServer();
  base = new URL(t.url);
  if (SURVEY) captureServerErrors(t.server.http.log);
  for (let i = 0; i < 3; i++) seeded.targetIds.push(await create(FUZZ_TARGET_CLASS, { name: `t${i}`, n: i }));
  const pointer = (id: string | undefined) => ({
    __type: 'Pointer',
    className: FUZZ_TARGET_CLASS,
    objectId: id,
  });
  const seedBody = (i: number) => ({
    s: ['hello', 'HELLO', 'héllo wörld', ''][i % 4],
    n: [42, -1.5, 0, 1e15][i % 4],
    f: 0.25 * i,
    b: i % 2 === 0,
    arr: [1, 'a', { x: i }, [i]],
    tags: ['red', 'green', 'blue'].slice(i % 3),
    obj: { x: i, y: { z: 'deep' } },
    when: { __type: 'Date', iso: `202${i}-01-02T03:04:05.678Z` },
    ptr: pointer(seeded.targetIds[i % 3]),
    loc: { __type: 'GeoPoint', latitude: 10 * i, longitude: -20 * i },
    bytes: { __type: 'Bytes', base64: 'aGVsbG8=' },
    nul: null,
  });
  for (let i = 0; i < 4; i++) seeded.ids.push(await create(FUZZ_CLASS, seedBody(i)));
  for (let i = 0; i < 2; i++) seeded.pathIds.push(await create(FUZZ_PATH_CLASS, seedBody(i)));
  // Real scan cursors, for the scan fuzz to mix with forged ones (none while scan is missing).
  for (const cls of [FUZZ_CLASS, FUZZ_TARGET_CLASS]) {
    const r = await send({
      kind: 'seed',
      method: 'GET',
      path: `/1.1/scan/classes/${cls}`,
      query: { limit: '1' },
      auth: 'master',
    });
    const cursor = r.status === 200 ? (JSON.parse(r.text) as { cursor?: unknown }).cursor : undefined;
    if (typeof cursor === 'string') seeded.cursors.push(cursor);
  }
}, 120_000);

afterAll(async () => {
  agent.destroy();
  if (SURVEY) {
    const report = [...survey.values()]
      .map(
        (e) =>
          `== ${e.problem} (x${e.count})${e.cause ? `\nserver: ${e.cause}` : ''}\n${describeRequest(e.shortest)}\nreply: ${e.reply.text.slice(0, 500)}`,
      )
      .join('\n\n');
    if (survey.size) console.log(`fuzz survey: ${survey.size} distinct bad replies\n\n${report}`);
    const top = Object.entries(refusals)
      .map(
        ([kind, errors]) =>
          `${kind}:\n${[...errors.entries()]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 10)
            .map(([sig, n]) => `  ${n} x ${sig}`)
            .join('\n')}`,
      )
      .join('\n');
    console.log(`fuzz survey: most frequent refusals\n${top}`);
  }
  const histogram = Object.entries(statuses)
    .map(
      ([kind, counts]) =>
        `  ${kind}: ${Object.entries(counts)
          .map(([st, n]) => `${st}x${n}`)
          .join(' ')}`,
    )
    .join('\n');
  console.log(
    `fuzz (${process.env.SB_TEST_DB ?? 'pglite'}): ${sent} requests in ${((Date.now() - startedAt) / 1000).toFixed(1)} s\n${histogram}`,
  );
  await t?.close();
});

describe('fuzz: bad input is a 4xx {code, error}, never a 500', () => {
  it('create bodies: random JSON, odd keys, encoded types, atomic operations, garbage', async () => {
    await fuzz(createRequest, 1200);
  }, 180_000);

  it('update bodies on an existing object, also with a conditional where', async () => {
    await fuzz(updateRequest, 800);
  }, 180_000);

  it('queries: random where clauses and query parameters', async () => {
    await fuzz(classQuery, 1500);
  }, 180_000);

  it('class names and object ids in the path, every method', async () => {
    await fuzz(pathRequest, 800);
  }, 180_000);

  it('authentication headers: wrong ids, keys and signatures are 401', async () => {
    await fuzz(authRequest, 400, (reply, req) => {
      // HTTP parsers strip the spaces around a header value.
      const id = req.headers?.['X-LC-Id']?.trim();
      if (id !== TEST_KEYS.appId && reply.status !== 401)
        return `HTTP ${reply.status} for application id ${JSON.stringify(id)}, expected 401`;
      return reply.status >= 400 && ![401, 403, 404].includes(reply.status)
        ? `HTTP ${reply.status} to a credentials request`
        : undefined;
    });
  }, 180_000);

  it('method override bodies (text/plain with _method and credentials)', async () => {
    await fuzz(overrideRequest, 300);
  }, 180_000);

  it('batch bodies: elements of every shape, and no element fails with the internal error', async () => {
    await fuzz(batchRequest, 300, batchElementProblem);
  }, 180_000);

  it('scan parameters: forged and real cursors, scan_key, where', async () => {
    await fuzz(scanRequest, 300);
  }, 180_000);

  it('a body just over 20 MB is 413 {code, error}', async () => {
    const body = JSON.stringify({ blob: 'x'.repeat(20 * 1024 * 1024) });
    await exercise(
      {
        kind: 'big',
        method: 'POST',
        path: `/1.1/classes/${FUZZ_CLASS}`,
        auth: 'app',
        headers: { 'Content-Type': 'application/json' },
        body,
      },
      (reply) => (reply.status === 413 ? undefined : `HTTP ${reply.status} instead of 413`),
      { agent: false, timeoutMs: 60_000 },
    );
    await expectAlive();
  }, 120_000);

  it('a request line over 16 KB is 4xx {code, error}', async () => {
    await exercise(
      {
        kind: 'big',
        method: 'GET',
        path: `/1.1/classes/${FUZZ_CLASS}`,
        query: { where: JSON.stringify({ s: 'x'.repeat(20_000) }) },
        auth: 'app',
      },
      (reply) => (reply.status >= 400 ? undefined : `HTTP ${reply.status} to a 20 KB URL`),
    );
    await expectAlive();
  });

  it.each([
    ['array', 5_000],
    ['object', 5_000],
    ['array', 100_000],
    ['object', 100_000],
  ] as const)(
    'a body with an %s nested %i levels deep is 2xx or 4xx, and the server lives on',
    async (kind, depth) => {
      const nested = nestedJson(depth, kind);
      const post = (path: string, body: string): FuzzRequest => ({
        kind: 'deep',
        method: 'POST',
        path,
        auth: 'app',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      const slow = { timeoutMs: 60_000 };
      // A class and field of their own, so no earlier write fixed the field's type.
      const path = `/1.1/classes/${FUZZ_DEEP_CLASS}`;
      const field = `${kind}${depth}`;
      await exercise(post(path, `{"${field}":${nested}}`), undefined, slow);
      await exercise(
        post(
          '/1.1/batch',
          `{"requests":[{"method":"POST","path":"${path}","body":{"${field}b":${nested}}}]}`,
        ),
        batchElementProblem,
        slow,
      );
      await expectAlive();
    },
    120_000,
  );

  it.each([
    ['in the URL', 150],
    ['as a batch GET parameter string', 500],
    ['as a batch GET parameter string', 2_000],
    ['as a batch GET parameter object', 5_000],
  ] as const)(
    'a where %s nested %i levels deep is 2xx or 4xx',
    async (how, depth) => {
      const where = `${'{"$or":[{"$and":[{"n":1},'.repeat(depth)}{"n":1}${']}]}'.repeat(depth)}`;
      const path = `/1.1/classes/${FUZZ_CLASS}`;
      // Node refuses request lines over 16 KB, so the deeper ones travel in a batch GET.
      if (how === 'in the URL') {
        await exercise({ kind: 'deep', method: 'GET', path, query: { where }, auth: 'app' });
      } else {
        const param = how === 'as a batch GET parameter string' ? JSON.stringify(where) : where;
        await exercise(
          {
            kind: 'deep',
            method: 'POST',
            path: '/1.1/batch',
            auth: 'app',
            headers: { 'Content-Type': 'application/json' },
            body: `{"requests":[{"method":"GET","path":"${path}","params":{"where":${param}}}]}`,
          },
          batchElementProblem,
          { timeoutMs: 60_000 },
        );
      }
      await expectAlive();
    },
    120_000,
  );

  it('the server still answers /1.1/date after all of it', async () => {
    await expectAlive();
    if (SURVEY) expect([...survey.keys()]).toEqual([]);
  });
});
