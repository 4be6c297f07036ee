// Login signatures: with signatures required, session open needs the HMAC-SHA1 of
// "appId:clientId::timestamp:nonce" under the master key: the app's own signing service, or the
// user-bound one (GET /1.2/rtm/clients/sign with a _User session). A reconnect presents the
// session token instead and signs nothing again.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IMClient } from 'leancloud-realtime';
import { loginSignature } from '../im/client-routes';
import { startTestServer, TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';
import { Event, login, nextEvent, nextMessages, TextMessage } from './test-helpers';

let t: TestServer;
const clients: IMClient[] = [];

beforeAll(async () => {
  t = await startTestServer({ realtime: { signatureRequired: true } });
});
afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await t.close();
});

let signed = 0;
const appSigner = (clientId: string) => {
  signed += 1;
  const timestamp = Date.now();
  const nonce = randomBytes(8).toString('hex');
  return {
    signature: loginSignature(TEST_KEYS.masterKey, TEST_KEYS.appId, clientId, timestamp, nonce),
    timestamp,
    nonce,
  };
};

describe('signed logins', () => {
  it('refuses an unsigned login and a wrong signature with SIGNATURE_FAILED (4102)', async () => {
    await expect(login(t, 'unsigned')).rejects.toMatchObject({ code: 4102 });
    const wrong = () => ({ signature: 'f'.repeat(40), timestamp: Date.now(), nonce: 'n' });
    await expect(login(t, 'forged', { signatureFactory: wrong })).rejects.toMatchObject({ code: 4102 });
  });

  it("accepts the app's signature and, after a dropped connection, reconnects with the session token", async () => {
    const a = await login(t, 'signed-a', { signatureFactory: appSigner });
    const b = await login(t, 'signed-b', { signatureFactory: appSigner });
    clients.push(a, b);
    expect(signed).toBe(2);
    const conv = await a.createConversation({ members: ['signed-b'] });
    // The server drops b's connection; the SDK reconnects by itself.
    const reconnected = nextEvent(b, Event.RECONNECT);
    for (const s of t.server.hub.registry.sessionsOf('signed-b')) s.conn.ws.terminate();
    await reconnected;
    await expect.poll(() => t.server.hub.registry.isOnline('signed-b')).toBe(true);
    expect(signed).toBe(2);
    const atB = nextMessages(b);
    await conv.send(new TextMessage('after the reconnect'));
    expect(((await atB)[0] as TextMessage).getText()).toBe('after the reconnect');
  });

  it('accepts the user-bound signature of GET /1.2/rtm/clients/sign', async () => {
    const user = await t.request('POST', '/1.1/users', {
      body: { username: 'rtm-user', password: 'secret-pw' },
    });
    expect(user.status).toBe(201);
    const token = user.json.sessionToken as string;
    const userSigner = async () => {
      const r = await t.request('GET', '/1.2/rtm/clients/sign', { query: { session_token: token } });
      return r.json as { signature: string; timestamp: number; nonce: string };
    };
    const c = await login(t, user.json.objectId as string, { signatureFactory: userSigner });
    clients.push(c);
    expect(c.id).toBe(user.json.objectId);
  });
});
