import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_KEYS } from '../harness';
import { authRequest, classQuery, pathRequest, scanRequest } from './index';
import { expectAlive, fuzz, startFuzzServer, stopFuzzServer } from './runner';
import { survey, SURVEY } from './survey';

// Fuzz of queries, paths, credentials and scans (see runner.ts for the rules every reply must
// meet, and FUZZ_SURVEY / FUZZ_SCALE / FUZZ_SEED).

beforeAll(startFuzzServer, 120_000);
afterAll(stopFuzzServer);

describe('fuzz: bad input is a 4xx {code, error}, never a 500', () => {
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

  it('scan parameters: forged and real cursors, scan_key, where', async () => {
    await fuzz(scanRequest, 300);
  }, 180_000);

  it('the server still answers /1.1/date after all of it', async () => {
    await expectAlive();
    if (SURVEY) expect([...survey.keys()]).toEqual([]);
  });
});
