import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { serverUrl, stack } from '../stack';
import { rtmServer } from '../support/realtime';

/**
 * The `leancloud-realtime` SDK's browser build, loaded by a web app on another origin, connects
 * to the server's WebSocket in Chromium and gets a message the app's backend sent through REST.
 */
/** What this page uses of the SDK's global `AV` (the browser build has no types of its own). */
interface BrowserMessage {
  id: string;
  cid: string;
  from: string;
  getText?: () => string;
}
interface BrowserClient {
  createConversation(o: { members: string[]; name: string }): Promise<{ id: string }>;
  on(event: 'message', fn: (m: BrowserMessage) => void): void;
  close(): Promise<void>;
}
interface BrowserAv {
  Realtime: new (o: { appId: string; appKey: string; RTMServers: string }) => {
    createIMClient(id: string): Promise<BrowserClient>;
  };
}
type Page = Window & { AV: BrowserAv; client?: BrowserClient; got?: Promise<BrowserMessage> };

const sdkBuild = createRequire(import.meta.url).resolve('leancloud-realtime/dist/realtime.browser.min.js');

test('the browser build receives, over its WebSocket, a message sent through REST', async ({ page }) => {
  // The app's own page and script, on an origin of its own (another port).
  const app = createServer((req, res) => {
    if (req.url === '/realtime.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(readFileSync(sdkBuild));
    } else {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><title>chat</title><script src="/realtime.js"></script>');
    }
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  const { port } = app.address() as AddressInfo;
  const me = `browser-${Date.now()}`;
  try {
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await page.goto(`http://127.0.0.1:${port}/`);
    const convId = await page.evaluate(
      async ({ appId, appKey, rtm, me }) => {
        const w = window as unknown as Page;
        const rt = new w.AV.Realtime({ appId, appKey, RTMServers: rtm });
        const client = await rt.createIMClient(me);
        w.client = client;
        const conv = await client.createConversation({ members: ['shop-backend'], name: 'Support chat' });
        // Listening before the send, so the message cannot pass by unseen; only this conversation's,
        // since a new client is also handed the app's still-valid global broadcasts at login.
        w.got = new Promise((resolve) =>
          client.on('message', (m) => {
            if (m.cid === conv.id) resolve(m);
          }),
        );
        return conv.id;
      },
      { appId: stack.appId, appKey: stack.appKey, rtm: rtmServer, me },
    );
    expect(sockets).toEqual([expect.stringMatching(new RegExp(`^${rtmServer}`))]);

    const res = await fetch(`${serverUrl}/1.2/rtm/conversations/${convId}/messages`, {
      method: 'POST',
      headers: {
        'X-LC-Id': stack.appId,
        'X-LC-Key': `${stack.masterKey},master`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        from_client: 'shop-backend',
        message: JSON.stringify({ _lctype: -1, _lctext: 'Your order has shipped.' }),
      }),
    });
    expect(res.status).toBe(200);
    const sent = (await res.json()) as { 'msg-id': string };

    const got = await page.evaluate(async () => {
      const m = await (window as unknown as Page).got!;
      return { id: m.id, cid: m.cid, from: m.from, text: m.getText?.() };
    });
    expect(got).toEqual({
      id: sent['msg-id'],
      cid: convId,
      from: 'shop-backend',
      text: 'Your order has shipped.',
    });
    await page.evaluate(() => (window as unknown as Page).client!.close());
  } finally {
    await new Promise((resolve) => app.close(resolve));
  }
});
