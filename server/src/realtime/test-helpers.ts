import { Event, Realtime, TextMessage } from 'leancloud-realtime';
import type { IMClient, Message } from 'leancloud-realtime';
import { TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';

export { Event, Realtime, TextMessage };

/** ws://host:port/ of a test server, for the SDK's RTMServers option. */
export const wsUrlOf = (t: TestServer) => `${t.url.replace(/^http/, 'ws')}/`;

/** A Realtime of the real SDK pointed at the server directly (RTMServers), one WebSocket each. */
export function realtimeFor(t: TestServer, extra: Record<string, unknown> = {}): Realtime {
  return new Realtime({
    appId: TEST_KEYS.appId,
    appKey: TEST_KEYS.appKey,
    RTMServers: wsUrlOf(t),
    ...extra,
  });
}

export async function login(
  t: TestServer,
  id: string,
  opts: Record<string, unknown> = {},
  realtimeOpts: Record<string, unknown> = {},
): Promise<IMClient> {
  return realtimeFor(t, realtimeOpts).createIMClient(id, opts);
}

/** Resolves with the next `n` messages `client` receives. */
export function nextMessages(client: IMClient, n = 1): Promise<Message[]> {
  return new Promise((resolve) => {
    const got: Message[] = [];
    const on = (m: Message) => {
      got.push(m);
      if (got.length < n) return;
      client.off(Event.MESSAGE, on);
      resolve(got);
    };
    client.on(Event.MESSAGE, on);
  });
}

/** Resolves with the payload of the next `event` of `emitter`. */
export function nextEvent<T = unknown>(
  emitter: { once(event: string, fn: (...args: unknown[]) => void): unknown },
  event: string,
): Promise<T> {
  return new Promise((resolve) => emitter.once(event, (payload: unknown) => resolve(payload as T)));
}

/** Resolves with the first message `client` receives whose text is `text` (others pass by). */
export function messageWithText(client: IMClient, text: string): Promise<Message> {
  return new Promise((resolve) => {
    const on = (m: Message) => {
      if (typeof (m as TextMessage).getText !== 'function' || (m as TextMessage).getText() !== text) return;
      client.off(Event.MESSAGE, on);
      resolve(m);
    };
    client.on(Event.MESSAGE, on);
  });
}
