import { randomBytes } from 'node:crypto';

/** Session tokens (`st`) handed out by `session opened`, so a reconnect needs no new signature. */
export const SESSION_TOKEN_TTL_S = 2 * 24 * 3600;

interface Entry {
  peerId: string;
  tag: string | undefined;
  expires: number;
}

/**
 * In memory, per process: a token unknown here (another process, a restart) is answered
 * SESSION_TOKEN_EXPIRED, upon which the SDK opens the session again the full way.
 */
export class TokenStore {
  private readonly tokens = new Map<string, Entry>();

  issue(peerId: string, tag: string | undefined, now: number): string {
    const token = randomBytes(18).toString('base64url');
    this.tokens.set(token, { peerId, tag, expires: now + SESSION_TOKEN_TTL_S * 1000 });
    if (this.tokens.size % 1024 === 0) this.sweep(now);
    return token;
  }

  check(token: string, peerId: string, now: number): Entry | undefined {
    const e = this.tokens.get(token);
    if (!e || e.peerId !== peerId || e.expires <= now) return undefined;
    return e;
  }

  private sweep(now: number): void {
    for (const [k, e] of this.tokens) if (e.expires <= now) this.tokens.delete(k);
  }
}
