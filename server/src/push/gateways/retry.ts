import type { DeliveryResult } from './types';
import type { NetworkSettings } from './options';

/** What one attempt at a gateway gave: a final result, or "try again" with the gateway's wait. */
export type Attempt = DeliveryResult | { status: 'retry'; afterMs?: number | undefined };

/** `retry-after` in seconds or as an HTTP date, in ms; undefined when absent or unreadable. */
export function retryAfterMs(
  value: string | string[] | null | undefined,
  now = Date.now(),
): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined || v === null || v.trim() === '') return undefined;
  if (/^\d+$/.test(v.trim())) return Number(v.trim()) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error('stopped'));
    const t = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(t);
      reject(new Error('stopped while waiting to retry a gateway'));
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Tries one device until the gateway gives a final answer: 429, 5xx, timeouts and lost connections
 * are tried again after the gateway's retry-after or an exponential backoff. A wait longer than
 * maxRetryWaitMs, or the last attempt, hands the device back to the engine, which delivers it in a
 * later chunk (so a long retry-after never holds a worker).
 */
export async function withRetries(
  net: NetworkSettings,
  signal: AbortSignal,
  attempt: () => Promise<Attempt>,
): Promise<DeliveryResult> {
  for (let i = 0; ; i++) {
    const r = await attempt();
    if (r.status !== 'retry') return r;
    const wait = r.afterMs ?? net.retryBaseMs * 2 ** i;
    if (i >= net.retries || wait > net.maxRetryWaitMs) return { status: 'retry', afterMs: wait };
    await pause(wait, signal);
  }
}

/** Runs `work` over the items with at most `limit` at once; results in the items' order. */
export async function mapLimited<T, R>(
  items: T[],
  limit: number,
  work: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

/** A status that means "the gateway is busy or broken for now": try again. */
export const retryable = (status: number) => status === 429 || status >= 500;
