import { Event, messageField, messageType, Realtime, TextMessage, TypedMessage } from 'leancloud-realtime';
import type { AVMessage, IMClient, Message } from 'leancloud-realtime';
import { serverUrl, stack } from '../stack';

export { Event, TextMessage };

/** The file of a file-type message, as the SDKs write it. */
export interface LcFile {
  url: string;
  objId?: string;
  metaData?: Record<string, unknown>;
}

/**
 * The SDK's image message (type -2), as its typed-messages plugin declares it: an app registers
 * it to receive images as ImageMessage rather than as raw content.
 */
export class ImageMessage extends TypedMessage {
  declare _lcfile: LcFile;
}
// The SDK types its decorators as bare Functions; they take the class.
type ClassDecorator = (target: typeof ImageMessage) => void;
(messageType(-2) as ClassDecorator)(ImageMessage);
(messageField(['_lcfile']) as ClassDecorator)(ImageMessage);

/** ws://host:port/ of the stack's API server, for the SDK's RTMServers option (no router). */
export const rtmServer = `${serverUrl.replace(/^http/, 'ws')}/`;

/**
 * Live clients of the real `leancloud-realtime` SDK, as the app's users run it, each on a
 * WebSocket of its own to the stack's server. `closeAll` ends the ones still open.
 */
export function liveClients() {
  const open: IMClient[] = [];
  return {
    async login(id: string): Promise<IMClient> {
      const rt = new Realtime({ appId: stack.appId, appKey: stack.appKey, RTMServers: rtmServer });
      // The SDK's types say instances; it takes the message classes.
      rt.register([ImageMessage as unknown as AVMessage]);
      const client = await rt.createIMClient(id);
      open.push(client);
      return client;
    },
    closeAll: () => Promise.allSettled(open.map((c) => c.close())),
  };
}

/** Resolves with the arguments of the next `event` of `emitter`. */
export function nextEvent<T extends unknown[] = unknown[]>(
  emitter: { once(event: string, fn: (...args: unknown[]) => void): unknown },
  event: string,
): Promise<T> {
  return new Promise((resolve) => emitter.once(event, (...args: unknown[]) => resolve(args as T)));
}

/** Resolves with the first message `client` receives that `match` accepts (others pass by). */
export function messageWhere(client: IMClient, match: (m: Message) => boolean): Promise<Message> {
  return new Promise((resolve) => {
    const on = (m: Message) => {
      if (!match(m)) return;
      client.off(Event.MESSAGE, on);
      resolve(m);
    };
    client.on(Event.MESSAGE, on);
  });
}

export const textOf = (m: Message): string | undefined =>
  m instanceof TextMessage ? m.getText() : undefined;
