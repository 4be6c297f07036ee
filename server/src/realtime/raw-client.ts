import WebSocket from 'ws';
import { decodeFrame, encodeFrame } from './proto/codec';
import type { Command, Framing } from './proto/codec';

/** A bare protocol client for tests and the bench: frames in, commands out. */
export class RawClient {
  readonly ws: WebSocket;
  private readonly inbox: Command[] = [];
  /** Every command received, in order. */
  readonly received: Command[] = [];
  private waiters: ((c: Command) => void)[] = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(
    url: string,
    readonly framing: Framing = 'protobuf',
    protocol = framing === 'protobuf' ? 'lc.protobuf2.3' : 'lc.proto2base64.3',
  ) {
    this.ws = new WebSocket(url, protocol);
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.closed = new Promise((resolve) =>
      this.ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    this.ws.on('message', (data: Buffer) => {
      const cmd = decodeFrame(data, framing);
      this.received.push(cmd);
      const w = this.waiters.shift();
      if (w) w(cmd);
      else this.inbox.push(cmd);
    });
  }

  send(cmd: Command): void {
    this.ws.send(encodeFrame(cmd, this.framing));
  }

  sendRaw(data: Buffer | string): void {
    this.ws.send(data);
  }

  next(): Promise<Command> {
    const c = this.inbox.shift();
    if (c) return Promise.resolve(c);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Sends a command with serial `i` and waits for the answer carrying that `i`. */
  async call(cmd: Command): Promise<Command> {
    this.send(cmd);
    for (;;) {
      const c = await this.next();
      if (c.i === cmd.i) return c;
    }
  }

  close(): void {
    this.ws.close();
  }
}
