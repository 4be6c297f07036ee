import type { Sql } from '@switchboard/shared/sql';
import type {
  DeliveryBatch,
  DeliveryGateway,
  DeliveryResult,
  GatewayServices,
  ProfileSettings,
} from './types';

/**
 * The own Android channel (`lc`): Android devices without a vendor channel keep a connection to the
 * realtime gateway, logged in by their installationId, and get pushes there as `data` commands.
 *
 * Each device's message is kept in `lc_push_own` in the chunk's transaction, so it survives a
 * device that is offline now: the gateway sends what is waiting when the device logs in again,
 * until the push's expiration. Once committed, the processes holding the devices' connections are
 * told to send it now. A device's acknowledgement marks its row and counts the push's success.
 */
export function createOwnChannel(profile: ProfileSettings, services: GatewayServices): DeliveryGateway {
  const outlet = services.ownChannel;
  return {
    kind: 'own-channel',
    send: (batch) =>
      Promise.resolve(
        batch.items.map((): DeliveryResult =>
          outlet
            ? { status: 'queued' }
            : {
                status: 'error',
                message: `the own Android channel (profile ${profile.name}) has no realtime gateway in this process`,
              },
        ),
      ),
    commit: (tx, batch, results) => keep(tx, batch, results),
    afterCommit(batch, results) {
      const ids = batch.items.filter((_, i) => results[i]?.status === 'queued').map((it) => it.deviceId);
      if (ids.length) outlet?.offer(batch.push.id, ids);
    },
  };
}

/**
 * Keeps each device's message. Its time is the push's, not this delivery's: chunks of two pushes
 * run side by side, and a device that was away gets what it missed in the order it was sent.
 */
async function keep(tx: Sql, batch: DeliveryBatch, results: DeliveryResult[]): Promise<void> {
  const queued = batch.items.filter((_, i) => results[i]?.status === 'queued');
  if (queued.length === 0) return;
  await tx.query(
    `INSERT INTO lc_push_own (push_id, installation_id, payload, expires_at, created_at)
     SELECT $1, i, p::jsonb, $4, $5 FROM unnest($2::text[], $3::text[]) AS u(i, p)
     ON CONFLICT DO NOTHING`,
    [
      batch.push.id,
      queued.map((it) => it.deviceId),
      queued.map((it) => JSON.stringify(it.payload)),
      batch.push.expiresAt,
      batch.push.sentAt,
    ],
  );
}

/**
 * Whether a push handed any message to the own channel: kept for its device, acknowledged or not.
 * Such a message is delivered as far as the push goes (LeanCloud's offline cache), so the push is
 * not an error for lack of successes while its devices have yet to come back and acknowledge.
 */
export async function handedToOwnChannel(tx: Sql, pushId: string): Promise<boolean> {
  const rows = await tx.query('SELECT 1 FROM lc_push_own WHERE push_id = $1 LIMIT 1', [pushId]);
  return rows.length > 0;
}
