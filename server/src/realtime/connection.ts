import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import { encodeFrame } from './proto/codec';
import type { SharedFrame } from './proto/codec';
import type { Command, Framing } from './proto/codec';

/** One client session (an IMClient) on a connection: several may share one WebSocket. */
export interface Session {
  peerId: string;
  tag: string | undefined;
  conn: Connection;
  token: string;
  /** Conversations the client has blocked: their messages are not delivered to it. */
  blocks?: Set<string>;
}

/** Token bucket: `burst` commands at once, `perSecond` refilled. */
class RateBucket {
  private tokens: number;
  private at = Date.now();
  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {
    this.tokens = burst;
  }
  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** One WebSocket: its framing, the sessions opened on it, its command budget. */
export class Connection {
  readonly id = randomBytes(9).toString('base64url');
  readonly sessions = new Map<string, Session>();
  private readonly bucket: RateBucket;
  /** Commands in progress: frames are handled one after another, in order. */
  queue: Promise<void> = Promise.resolve();
  closed = false;

  constructor(
    readonly ws: WebSocket,
    readonly framing: Framing,
    readonly ip: string,
    rate: { perSecond: number; burst: number },
  ) {
    this.bucket = new RateBucket(rate.perSecond, rate.burst);
  }

  allow(): boolean {
    return this.bucket.take();
  }

  send(cmd: Command): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(encodeFrame(cmd, this.framing));
  }

  /** A command encoded once for many recipients, addressed to `peerId` here. */
  sendShared(frame: SharedFrame, peerId: string): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(frame.for(peerId, this.framing));
  }

  error(i: number | undefined, code: number, reason: string, peerId?: string): void {
    this.send({
      cmd: 'error',
      ...(i ? { i } : {}),
      ...(peerId ? { peerId } : {}),
      errorMessage: { code, reason },
    });
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    // Close reasons are at most 123 bytes.
    this.ws.close(code, Buffer.from(reason).subarray(0, 120).toString());
  }
}
