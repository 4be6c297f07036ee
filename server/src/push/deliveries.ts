import { deliveriesQuerySchema } from '@switchboard/shared';
import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import { parseInput } from '../http/validate';
import { Params } from '../store/params';
import { tableFor } from '../store/tables';
import { INSTALLATION_CLASS } from './model';

interface DeliveryRow {
  push_id: string;
  installation_id: string | null;
  device_id: string;
  channel: string;
  profile: string;
  payload: unknown;
  note: string | null;
  created_at: Date;
}

/**
 * GET /1.1/switchboard/push/deliveries?push=...&installation=... (master key): what the recorder
 * stored for each device, so a developer without gateway credentials sees what it would have got.
 * `installation` is an installation's objectId, or a device id of /1.1/push/devices. Given an
 * objectId it also finds what /1.1/push/devices sent to that installation's device ids (its
 * deviceToken, installationId or registrationId), so the console, which sends test pushes that way
 * and may not show tokens, can say what an installation last got.
 */
export function deliveriesRoute(router: ApiRouter): void {
  router.on('GET', '/1.1/switchboard/push/deliveries', async (req) => {
    requireMaster(req.auth, 'push deliveries');
    const q = parseInput(deliveriesQuerySchema, req.query, 'query parameters');
    const p = new Params();
    const conds: string[] = [];
    if (q.push) conds.push(`d.push_id = ${p.add(q.push)}`);
    if (q.installation) {
      const v = p.add(q.installation);
      const ids = `SELECT x FROM ${tableFor(INSTALLATION_CLASS)} i,
          LATERAL (VALUES (i.data->>'deviceToken'), (i.data->>'installationId'), (i.data->>'registrationId')) AS ids(x)
          WHERE i.id = ${v} AND x IS NOT NULL`;
      conds.push(
        `(d.installation_id = ${v} OR (d.installation_id IS NULL AND (d.device_id = ${v} OR d.device_id IN (${ids}))))`,
      );
    }
    const rows = await req.sql.query<DeliveryRow>(
      `SELECT d.push_id, d.installation_id, d.device_id, d.channel, d.profile, p.payload, d.note, d.created_at
         FROM lc_push_deliveries d JOIN lc_push_payloads p ON p.push_id = d.push_id AND p.digest = d.digest
        ${conds.length ? `WHERE ${conds.join(' AND ')}` : ''}
        ORDER BY d.created_at DESC, d.push_id, d.target LIMIT ${p.add(q.limit)} OFFSET ${p.add(q.skip)}`,
      p.values,
    );
    return {
      body: {
        results: rows.map((r) => ({
          push: r.push_id,
          ...(r.installation_id ? { installation: r.installation_id } : {}),
          deviceToken: r.device_id,
          channel: r.channel,
          profile: r.profile,
          gateway: 'recorder',
          payload: r.payload,
          ...(r.note ? { note: r.note } : {}),
          createdAt: r.created_at.toISOString(),
        })),
      },
    };
  });
}
