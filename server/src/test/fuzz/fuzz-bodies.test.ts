import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchElementProblem } from './checks';
import { batchRequest, createRequest, overrideRequest, updateRequest } from './index';
import { expectAlive, fuzz, startFuzzServer, stopFuzzServer } from './runner';
import { survey, SURVEY } from './survey';

// Fuzz of request bodies: creates, updates, method overrides and batches (see runner.ts for the
// rules every reply must meet, and FUZZ_SURVEY / FUZZ_SCALE / FUZZ_SEED).

beforeAll(startFuzzServer, 120_000);
afterAll(stopFuzzServer);

describe('fuzz: bad input is a 4xx {code, error}, never a 500', () => {
  it('create bodies: random JSON, odd keys, encoded types, atomic operations, garbage', async () => {
    await fuzz(createRequest, 1200);
  }, 180_000);

  it('update bodies on an existing object, also with a conditional where', async () => {
    await fuzz(updateRequest, 800);
  }, 180_000);

  it('method override bodies (text/plain with _method and credentials)', async () => {
    await fuzz(overrideRequest, 300);
  }, 180_000);

  it('batch bodies: elements of every shape, and no element fails with the internal error', async () => {
    await fuzz(batchRequest, 300, batchElementProblem);
  }, 180_000);

  it('the server still answers /1.1/date after all of it', async () => {
    await expectAlive();
    if (SURVEY) expect([...survey.keys()]).toEqual([]);
  });
});
