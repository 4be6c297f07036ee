import type { Command } from './proto/codec';

/** Who a `send` goes to: client ids, whoever has joined a chat room, or every client, on each process. */
export type Audience = { peers: string[] } | { room: string } | { everyone: true };

/** What one process tells every process (itself included) about the live connections. */
export type BusEvent =
  | { t: 'send'; to: Audience; cmd: Command; except?: string | undefined }
  | { t: 'kick'; peer: string; code: number; reason: string }
  | { t: 'conflict'; peer: string; tag: string; except: string }
  /** A client blocked (on) or unblocked conversations: its sessions everywhere stop or resume their messages. */
  | { t: 'blocks'; peer: string; cids: string[]; on: boolean }
  /** A push waits for these Android installations (the own channel, devices.ts). */
  | { t: 'own'; push: string; installations: string[] };

export interface Bus {
  publish(e: BusEvent): void;
  subscribe(handler: (e: BusEvent) => void): void;
  close(): Promise<void>;
}

/** One process: events go straight to the handlers. */
export class LocalBus implements Bus {
  private readonly handlers: ((e: BusEvent) => void)[] = [];
  publish(e: BusEvent): void {
    for (const h of this.handlers) h(e);
  }
  subscribe(handler: (e: BusEvent) => void): void {
    this.handlers.push(handler);
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}
