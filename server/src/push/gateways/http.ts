import type { Attempt } from './retry';
import { retryAfterMs } from './retry';

/** A gateway's answer: its status, body (JSON when it is JSON) and retry-after. */
export interface Answer {
  status: number;
  body: unknown;
  retryAfter: number | undefined;
}

/**
 * One HTTP request to a gateway with a time limit. A timeout or a lost connection gives
 * `{status: 0}`, which callers retry; the process stopping (signal) aborts it.
 */
export async function call(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
  timeoutMs: number,
  signal: AbortSignal,
): Promise<Answer> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const res = await fetch(url, {
      method: init.method ?? 'POST',
      ...(init.headers ? { headers: init.headers } : {}),
      ...(init.body !== undefined ? { body: init.body } : {}),
      signal: AbortSignal.any([signal, timeout]),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: kept as text for the error message.
    }
    return { status: res.status, body, retryAfter: retryAfterMs(res.headers.get('retry-after')) };
  } catch (e) {
    if (signal.aborted) throw e;
    return { status: 0, body: timeout.aborted ? 'no answer in time' : String(e), retryAfter: undefined };
  }
}

/**
 * The signal for calls shared by many deliveries (OAuth token fetches): one device's stop must not
 * end them, and `call`'s own time limit already bounds them.
 */
export const sharedCall: AbortSignal = new AbortController().signal;

/** The error text of a gateway answer, short enough for a record. */
export function describe(gateway: string, a: Answer): string {
  const detail = typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
  return `${gateway} answered ${a.status || 'nothing'}: ${detail.slice(0, 200)}`;
}

/** 429, 5xx, timeouts: try again; anything else: the caller decides. */
export function transient(a: Answer): Attempt | undefined {
  if (a.status === 0 || a.status === 429 || a.status >= 500)
    return { status: 'retry', afterMs: a.retryAfter };
  return undefined;
}

/**
 * An access token fetched from an OAuth endpoint and kept until shortly before it expires. Several
 * devices asking at once share one fetch; `invalidate` drops a token the gateway refused.
 */
export class TokenCache {
  private token: { value: string; until: number } | undefined;
  private pending: Promise<string | TokenError> | undefined;

  constructor(private readonly fetchToken: () => Promise<{ value: string; ttlMs: number } | TokenError>) {}

  get(): Promise<string | TokenError> {
    if (this.token && Date.now() < this.token.until) return Promise.resolve(this.token.value);
    this.pending ??= this.fetchToken()
      .then((r) => {
        if ('error' in r) return r;
        // Refreshed a minute early, so no request carries a token about to lapse.
        const ttl = Number.isFinite(r.ttlMs) ? r.ttlMs : 0;
        this.token = { value: r.value, until: Date.now() + Math.max(0, ttl - 60_000) };
        return r.value;
      })
      .finally(() => {
        this.pending = undefined;
      });
    return this.pending;
  }

  invalidate(value: string): void {
    if (this.token?.value === value) this.token = undefined;
  }
}

/** Why no token came: `retry` when the endpoint was busy or did not answer in time. */
export interface TokenError {
  error: string;
  retry: boolean;
}

/** A device's attempt when no token came: tried again later if the token endpoint was only busy. */
export const withoutToken = (t: TokenError): Attempt =>
  t.retry ? { status: 'retry' } : { status: 'error', message: t.error };

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
