import type { RealtimeContext } from '../context';

/** ConvCommand.flag bits (the SDK's ConversationQuery options). */
export const FLAG_COMPACT = 1;
export const FLAG_LAST_MESSAGE = 2;

type Result = Record<string, unknown> & { objectId?: unknown };

/**
 * The query option withLastMessagesRefreshed: each conversation found carries its newest message
 * under the names the SDK reads (msg, msg_from, msg_mid, msg_timestamp, patch_timestamp, bin).
 */
export async function addLastMessages(ctx: RealtimeContext, results: Result[]): Promise<void> {
  const ids = results.map((r) => r.objectId).filter((x): x is string => typeof x === 'string');
  if (!ids.length) return;
  const rows = await ctx.sql.query<{
    conv_id: string;
    msg_id: string;
    from_client: string;
    data: string;
    ts: string;
    bin: boolean;
    patched_at: string | null;
  }>(
    `SELECT DISTINCT ON (conv_id) conv_id, msg_id, from_client, data, ts::text AS ts, bin,
       patched_at::text AS patched_at
     FROM lc_im_messages WHERE conv_id = ANY($1::text[]) ORDER BY conv_id, ts DESC`,
    [ids],
  );
  const byConv = new Map(rows.map((r) => [r.conv_id, r]));
  for (const r of results) {
    const m = typeof r.objectId === 'string' ? byConv.get(r.objectId) : undefined;
    if (!m) continue;
    Object.assign(r, {
      msg: m.data,
      msg_from: m.from_client,
      msg_mid: m.msg_id,
      msg_timestamp: Number(m.ts),
      ...(m.bin ? { bin: true } : {}),
      ...(m.patched_at ? { patch_timestamp: Number(m.patched_at) } : {}),
    });
  }
}
