import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchElementProblem } from './checks';
import { FUZZ_CLASS, FUZZ_DEEP_CLASS, nestedJson } from './index';
import type { FuzzRequest } from './index';
import { exercise, expectAlive, startFuzzServer, stopFuzzServer } from './runner';
import { survey, SURVEY } from './survey';

// Fixed edge cases next to the fuzz: oversized bodies and URLs, deeply nested bodies and where
// clauses (see runner.ts for the rules every reply must meet).

beforeAll(startFuzzServer, 120_000);
afterAll(stopFuzzServer);

describe('fuzz: bad input is a 4xx {code, error}, never a 500', () => {
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
