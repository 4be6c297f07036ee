import { afterAll, beforeAll, describe, it } from 'vitest';
import { exercise, expectAlive, fuzz } from '../test/fuzz/runner';
import { closeConnection, sendTo, sentCount } from '../test/fuzz/send';
import { printReport } from '../test/fuzz/survey';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';
import { setSettings } from '../push/test-helpers';
import { imRequest, seeds } from './fuzz/im-requests';
import { IM, newConversation, newRoom, newService, ok, send } from './test-helpers';

// Every /1.2/rtm and /1.1/rtm endpoint under random and malformed input: no 500, every refusal a
// 4xx {code, error} a person can read (runner.ts checks both).

let t: TestServer;
const startedAt = Date.now();
beforeAll(async () => {
  t = await startTestServer();
  sendTo(t.url);
  // Quotas out of the way, so the fuzz reaches the rules behind them.
  await setSettings(t, {
    imMessagesPerMinute: 9000,
    imSubscriptionPerMinute: 100_000,
    imSubscriptionPerDay: 10_000_000,
    imBroadcastsPerMinute: 100_000,
    imBroadcastsPerDay: 10_000_000,
  });
  for (let i = 0; i < 2; i++) {
    const conv = await newConversation(t, { name: 'fz', m: ['alice', 'bob'] });
    const room = await newRoom(t);
    const svc = await newService(t);
    seeds.conv.push(conv);
    seeds.room.push(room);
    seeds.svc.push(svc);
    await ok(t, 'POST', `${IM}/service-conversations/${svc}/subscribers`, { body: { client_id: 'sub' } });
    seeds.msg.push(
      (await send(t, `${IM}/conversations/${conv}/messages`, { from_client: 'alice', message: 'x' })).id,
      (await send(t, `${IM}/chatrooms/${room}/messages`, { from_client: 'alice', message: 'x' })).id,
      (await send(t, `${IM}/service-conversations/${svc}/broadcasts`, { from_client: 'sys', message: 'x' }))
        .id,
    );
  }
}, 180_000);
afterAll(async () => {
  closeConnection();
  printReport(sentCount(), startedAt);
  await t?.close();
});

describe('fuzz: messaging endpoints answer bad input with a 4xx {code, error}, never a 500', () => {
  it('every /1.2/rtm and /1.1/rtm endpoint', async () => {
    await fuzz(imRequest, 1500);
    await exercise({ kind: 'alive', method: 'GET', path: '/1.1/date', auth: 'app' });
    await expectAlive();
  }, 600_000);
});
