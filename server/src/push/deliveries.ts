import { deliveriesQuerySchema } from '@switchboard/shared';
import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import { parseInput } from '../http/validate';
import { Params } from '../store/params';

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
 * `installation` is an installation's objectId, or a device id of /1.1/push/devices.
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
      conds.push(`(d.installation_id = ${v} OR (d.installation_id IS NULL AND d.device_id = ${v}))`);
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
