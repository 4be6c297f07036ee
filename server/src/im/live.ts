import type { Sql } from '@switchboard/shared/sql';
import type { ConvKind } from './kinds';

/** A stored (or transient) message, for the clients connected now. */
export interface LiveMessage {
  convId: string;
  kind: ConvKind;
  /** Who gets it: the conversation's members, or the chosen users of a service conversation. */
  to: string[];
  from: string;
  msgId: string;
  ts: number;
  data: string;
  bin?: boolean;
  transient?: boolean;
  mentionPids?: string[];
  mentionAll?: boolean;
  /** The sending session's connection, which does not get its own message back. */
  origin?: string | undefined;
}

export interface LivePatch {
  convId: string;
  to: string[];
  from: string;
  msgId: string;
  ts: number;
  data: string;
  recall: boolean;
  patchTs: number;
}

/**
 * What the REST API asks of the live connections (the realtime gateway): delivery, kicks, and who
 * is online. Without a gateway nobody is online and deliveries go nowhere.
 */
export interface ImLive {
  message(m: LiveMessage): void;
  /** Doc 3 global broadcast: every client online now, on every process (`m.to` is not read). */
  messageEveryone(m: LiveMessage): void;
  patch(p: LivePatch): void;
  /** A client blocked (on) or unblocked conversations: its sessions stop or resume their messages. */
  clientBlocks(clientId: string, convIds: string[], on: boolean): void;
  kick(clientId: string, reason: string | undefined): Promise<void>;
  /** Who of `clientIds` is online; `tx`: read inside the caller's open transaction. */
  online(clientIds: string[], tx?: Sql): Promise<string[]>;
  onlineCount(): Promise<number>;
  /** Up to `limit` clients online in a chat room now, on every process, picked at random. */
  roomMembers(convId: string, limit: number): Promise<string[]>;
  roomCount(convId: string): Promise<number>;
}

export const NO_LIVE: ImLive = {
  message: () => undefined,
  messageEveryone: () => undefined,
  patch: () => undefined,
  clientBlocks: () => undefined,
  kick: () => Promise.resolve(),
  online: () => Promise.resolve([]),
  onlineCount: () => Promise.resolve(0),
  roomMembers: () => Promise.resolve([]),
  roomCount: () => Promise.resolve(0),
};
