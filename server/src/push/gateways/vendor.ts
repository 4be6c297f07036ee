import type { NetworkSettings, ProfileOptions } from './options';
import type { Attempt } from './retry';
import { withRetries } from './retry';
import type { DeliveryBatch, DeliveryGateway, DeliveryItem, DeliveryResult } from './types';

/** What payload/android.ts vendorMessage builds for every vendor. */
export interface VendorMessage {
  title?: string;
  body?: string;
  passThrough?: boolean;
  action?: string;
  custom?: Record<string, unknown>;
  notificationChannel?: string;
  expiresAt?: string;
}

/** Seconds left before the push expires (at least 1), or undefined. */
export function ttlSeconds(m: VendorMessage): number | undefined {
  if (!m.expiresAt) return undefined;
  return Math.max(1, Math.floor((Date.parse(m.expiresAt) - Date.now()) / 1000));
}

/**
 * Vendor APIs take many registration ids per request: the batch's devices grouped by payload (every
 * device of a group gets the same message) in slices of at most `size`.
 */
export function slices(batch: DeliveryBatch, size: number): { indexes: number[]; items: DeliveryItem[] }[] {
  const byDigest = new Map<string, number[]>();
  batch.items.forEach((it, i) => {
    const list = byDigest.get(it.digest) ?? [];
    list.push(i);
    byDigest.set(it.digest, list);
  });
  const out: { indexes: number[]; items: DeliveryItem[] }[] = [];
  for (const list of byDigest.values())
    for (let i = 0; i < list.length; i += size) {
      const indexes = list.slice(i, i + size);
      out.push({ indexes, items: indexes.map((j) => batch.items[j] as DeliveryItem) });
    }
  return out;
}

/**
 * Sends one slice with retries: `attempt` gives the per-device results, or a retry for the whole
 * slice (429, 5xx, an expired access token).
 */
export async function sendSlice(
  net: NetworkSettings,
  signal: AbortSignal,
  count: number,
  attempt: () => Promise<DeliveryResult[] | Attempt>,
): Promise<DeliveryResult[]> {
  let results: DeliveryResult[] = [];
  const r = await withRetries(net, signal, async () => {
    const a = await attempt();
    if (!Array.isArray(a)) return a;
    results = a;
    return { status: 'ok' };
  });
  return r.status === 'ok' ? results : Array.from({ length: count }, () => r);
}

/** Runs every slice, one after another, and puts the results back in the batch's order. */
export async function sendSlices(
  batch: DeliveryBatch,
  size: number,
  send: (items: DeliveryItem[]) => Promise<DeliveryResult[]>,
): Promise<DeliveryResult[]> {
  const out = new Array<DeliveryResult>(batch.items.length);
  for (const s of slices(batch, size)) {
    const results = await send(s.items);
    s.indexes.forEach((j, k) => {
      out[j] = results[k] ?? { status: 'error', message: 'the gateway gave no result for this device' };
    });
  }
  return out;
}

/** The same error for every device of a slice. */
export const allFailed = (ids: string[], message: string): DeliveryResult[] =>
  ids.map((): DeliveryResult => ({ status: 'error', message }));

/**
 * The shape every many-ids-per-request vendor adapter shares (HMS, Xiaomi): a profile with a
 * configuration problem fails each device with it; otherwise the batch goes in slices of at most
 * `max` devices sharing one payload (the profile's `batchSize` may lower it).
 */
export function slicedGateway(
  kind: string,
  o: ProfileOptions,
  max: number,
  problem: string | undefined,
  sendItems: (items: DeliveryItem[], signal: AbortSignal) => Promise<DeliveryResult[]>,
): DeliveryGateway {
  return {
    kind,
    async send(batch, signal) {
      if (problem) return batch.items.map(() => ({ status: 'error', message: problem }));
      return sendSlices(batch, Math.min(max, o.num('batchSize', max)), (items) => sendItems(items, signal));
    },
  };
}
