import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { FUZZ_HUGE_CLASS, HUGE_OBJECTS, limitQuery } from './limits';
import { problemOf } from './checks';
import { describeRequest, send } from './send';
import { expectAlive, seedUnlimited, fuzzParameters, startFuzzServerWith, stopFuzzServer } from './runner';

// Fuzz of what a query may cost (Doc 1 acceptance): catastrophic regular expressions, huge
// strings read by wide $or and $in. Every reply meets runner.ts's rules (never a 500), except
// that a statement stopped at its time limit answers 503 with code 124, and every reply comes
// within the statement time limit plus one second.

const LIMIT_MS = 1000;

beforeAll(async () => {
  await startFuzzServerWith({ statementTimeoutMs: LIMIT_MS });
  await seedUnlimited(FUZZ_HUGE_CLASS, HUGE_OBJECTS);
}, 180_000);
afterAll(stopFuzzServer);

describe('fuzz: expensive queries end within the statement limit plus a second, never with a 500', () => {
  it('catastrophic patterns, huge strings, wide $or and $in', async () => {
    await fc.assert(
      fc.asyncProperty(limitQuery, async (req) => {
        const started = Date.now();
        const reply = await send(req, { timeoutMs: LIMIT_MS + 5000 });
        const ms = Date.now() - started;
        const timedOut = reply.status === 503 && (JSON.parse(reply.text) as { code?: unknown }).code === 124;
        const problem =
          (timedOut ? undefined : problemOf(reply)) ??
          (ms > LIMIT_MS + 1000 ? `answered after ${ms} ms` : undefined);
        if (problem)
          throw new Error(`${problem}\n${describeRequest(req)}\nreply: ${reply.text.slice(0, 500)}`);
      }),
      fuzzParameters(120),
    );
  }, 600_000);

  it('the server still answers /1.1/date after all of it', async () => {
    await expectAlive();
  });
});
