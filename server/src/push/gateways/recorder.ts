import type { Sql } from '@switchboard/shared/sql';
import type { DeliveryBatch, DeliveryGateway, DeliveryResult, ProfileSettings } from './types';

/** Own Android channel deliveries recorded instead of sent (no push configuration, or `lc` names the recorder). */
export const OWN_CHANNEL_NOTE =
  "Android own channel: recorded only; with a push configuration it goes over the device's realtime connection.";

function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        reject(new Error('stopped while the simulated gateway was busy'));
      },
      { once: true },
    );
  });
}

/**
 * The recorder (the adapter when nothing is configured, and for demo data): stores each delivery,
 * with the payload exactly as the gateway would have received it, readable through
 * GET /1.1/switchboard/push/deliveries. A second delivery of the same (push, device) is not stored
 * again but counted in `duplicates`, which the crash tests require to stay 0.
 *
 * Option `latencyMs` makes each batch take that long, as a real gateway's round trip would.
 */
export function createRecorder(profile: ProfileSettings): DeliveryGateway {
  const latency = Number(profile.options.latencyMs ?? 0);
  return {
    kind: 'recorder',
    async send(batch, signal) {
      await pause(Number.isFinite(latency) ? latency : 0, signal);
      return batch.items.map((): DeliveryResult => ({ status: 'ok' }));
    },
    commit: (tx, batch, results, ctx) => recordDeliveries(tx, batch, results, ctx),
  };
}

async function recordDeliveries(
  tx: Sql,
  batch: DeliveryBatch,
  results: DeliveryResult[],
  ctx: { worker: string; now: Date },
): Promise<void> {
  const sent = batch.items.filter((_, i) => results[i]?.status === 'ok');
  if (sent.length === 0) return;
  const payloads = new Map(sent.map((it) => [it.digest, it.payload]));
  await tx.query(
    `INSERT INTO lc_push_payloads (push_id, digest, payload)
     SELECT $1, d, p::jsonb FROM unnest($2::text[], $3::text[]) AS t(d, p)
     ON CONFLICT DO NOTHING`,
    [batch.push.id, [...payloads.keys()], [...payloads.values()].map((p) => JSON.stringify(p))],
  );
  const note = batch.channel === 'lc' ? OWN_CHANNEL_NOTE : null;
  await tx.query(
    `INSERT INTO lc_push_deliveries
       (push_id, target, installation_id, device_id, channel, profile, digest, worker, note, created_at)
     SELECT $1, t, NULLIF(i, ''), d, $5, $6, g, $7, $8, $9
       FROM unnest($2::text[], $3::text[], $4::text[], $10::text[]) AS u(t, i, d, g)
     ON CONFLICT (push_id, target) DO UPDATE SET duplicates = lc_push_deliveries.duplicates + 1`,
    [
      batch.push.id,
      sent.map((it) => it.target.key),
      sent.map((it) => it.target.installationId ?? ''),
      sent.map((it) => it.deviceId),
      batch.channel,
      batch.profile,
      ctx.worker,
      note,
      ctx.now,
      sent.map((it) => it.digest),
    ],
  );
}
