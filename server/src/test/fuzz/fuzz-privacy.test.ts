import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer } from '../harness';
import type { TestServer } from '../harness';
import { privacyRequest } from './privacy';
import { privacyProblem, seedPrivacy, setUserQueryOpen } from './privacy-seed';
import { expectAlive, fuzz } from './runner';
import { closeConnection, sendTo } from './send';

// Fuzz of _User privacy: sub-queries, order, keys, include, redirected relation queries,
// conditional writes and batch GETs that read _User or its hidden fields. Beside runner.ts's
// rules (no 500, {code, error}), no reply carries a secret, and what Doc 1 refuses is refused.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  sendTo(t.url);
  await seedPrivacy(t.server.sql);
}, 120_000);
afterAll(async () => {
  closeConnection();
  await t?.close();
});

describe('fuzz: _User and its hidden fields are read only as a direct query may read them', () => {
  it('with _User queries closed (the default)', async () => {
    await fuzz(privacyRequest(false), 600, privacyProblem);
  }, 180_000);

  it('with _User queries opened by the setting', async () => {
    await setUserQueryOpen(true);
    try {
      await fuzz(privacyRequest(true), 600, privacyProblem);
    } finally {
      await setUserQueryOpen(false);
    }
  }, 180_000);

  it('the server still answers /1.1/date after all of it', async () => {
    await expectAlive();
  });
});
