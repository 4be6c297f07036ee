import fc from 'fast-check';
import { expect } from 'vitest';
import { withoutStatementTimeout } from '@switchboard/shared/sql';
import { createObjects } from '../../services/create';
import { startTestServer } from '../harness';
import type { TestServer } from '../harness';
import { problemOf } from './checks';
import type { ExtraCheck } from './checks';
import { FUZZ_CLASS, FUZZ_PATH_CLASS, FUZZ_TARGET_CLASS, seeded } from './common';
import type { FuzzRequest } from './common';
import { closeConnection, describeRequest, send, sendTo, sentCount } from './send';
import type { RawReply } from './send';
import { captureServerErrors, clearServerError, printReport, recordBadReply, SURVEY, tally } from './survey';

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
 *
 * Each fuzz test file boots and seeds its own server (`startFuzzServer` / `stopFuzzServer`).
 */

/** Scales every numRuns, e.g. FUZZ_SCALE=10 for a long local run. */
const SCALE = Number(process.env.FUZZ_SCALE ?? '1') || 1;
/** Replays a run: FUZZ_SEED=<the seed fast-check printed>. */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const runs = (n: number) => Math.max(1, Math.round(n * SCALE));

let t: TestServer;

/** Sends a request and checks the reply; throws (or, in survey mode, records) on a bad one. */
export async function exercise(
  req: FuzzRequest,
  extraCheck?: ExtraCheck,
  sendOpts?: Parameters<typeof send>[1],
): Promise<RawReply> {
  clearServerError();
  const reply = await send(req, sendOpts);
  tally(req, reply);
  const problem = problemOf(reply) ?? extraCheck?.(reply, req);
  if (!problem) return reply;
  if (SURVEY) {
    recordBadReply(req, reply, problem);
    return reply;
  }
  throw new Error(`${problem}\n${describeRequest(req)}\nreply: ${reply.text.slice(0, 2000)}`);
}

/** fast-check's parameters for `numRuns` runs, scaled and seeded as FUZZ_SCALE and FUZZ_SEED say. */
export function fuzzParameters(numRuns: number): fc.Parameters<unknown> {
  return { numRuns: runs(numRuns), ...(SEED === undefined ? {} : { seed: SEED }) };
}

export function fuzz(arb: fc.Arbitrary<FuzzRequest>, numRuns: number, extraCheck?: ExtraCheck) {
  return fc.assert(
    fc.asyncProperty(arb, async (req) => {
      await exercise(req, extraCheck);
    }),
    fuzzParameters(numRuns),
  );
}

export async function expectAlive(): Promise<void> {
  const r = await send({ kind: 'alive', method: 'GET', path: '/1.1/date', auth: 'app' });
  expect(r.status).toBe(200);
  expect(JSON.parse(r.text)).toMatchObject({ __type: 'Date' });
}

/** Creates a seed object with the master key; its id. */
export async function create(
  className: string,
  body: Record<string, unknown>,
  timeoutMs?: number,
): Promise<string> {
  const r = await send(
    {
      kind: 'seed',
      method: 'POST',
      path: `/1.1/classes/${className}`,
      auth: 'master',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    },
    timeoutMs === undefined ? {} : { timeoutMs },
  );
  expect(r.status, r.text).toBe(201);
  return String((JSON.parse(r.text) as { objectId: string }).objectId);
}

const startedAt = Date.now();

/** Boots the server for this test file and seeds the objects the generators refer to (beforeAll). */
export function startFuzzServer(): Promise<void> {
  return startFuzzServerWith({});
}

/** startFuzzServer with server options, e.g. a short statement time limit. */
export async function startFuzzServerWith(opts: Parameters<typeof startTestServer>[0]): Promise<void> {
  t = await startTestServer(opts);
  sendTo(t.url);
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
}

/**
 * Creates objects as the server itself, in one transaction free of the statement time limit: a
 * file that starts its server with a short limit (fuzz-limits) still seeds 19 MB strings, whose
 * insert alone takes close to a second on Postgres when the machine is busy.
 */
export async function seedUnlimited(className: string, bodies: Record<string, unknown>[]): Promise<void> {
  const { sql, classes, clock } = t.server;
  const results = await sql.transaction(async (tx) => {
    await withoutStatementTimeout(tx);
    return createObjects({ classes, clock, onWrite: () => undefined }, tx, className, bodies, {
      fetchWhenSave: false,
    });
  });
  for (const r of results) if (r instanceof Error) throw r;
}

/** Prints what the fuzz reached (and the survey) and closes the server (afterAll). */
export async function stopFuzzServer(): Promise<void> {
  closeConnection();
  printReport(sentCount(), startedAt);
  await t?.close();
}
