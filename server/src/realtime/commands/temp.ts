import { CONVERSATION_CLASS } from '../../im/kinds';
import { tableFor } from '../../store/tables';
import { RtmCode, RtmError } from '../codes';
import type { Session } from '../connection';
import type { RealtimeContext } from '../context';
import type { Command } from '../proto/codec';
import { TEMP_PREFIX } from './find';
import { internalRequest } from './request';

/** LeanCloud's temporary conversations live a day unless told otherwise, at most 30 days. */
const TTL_DEFAULT_S = 86_400;
const TTL_MAX_S = 30 * 86_400;

/**
 * conv start with tempConv: a conversation of these members that ends after its TTL. It is a
 * `_Conversation` row whose id carries the `_tmp:` prefix, so sending, history, receipts and unread
 * counts work on it as on any conversation; every lookup refuses it once expired (4323), and
 * conversation queries leave it out (the SDK asks for it by id, `tempConvIds`).
 */
export async function startTemporary(
  ctx: RealtimeContext,
  s: Session,
  cmd: Command,
  members: string[],
  attr: Record<string, unknown>,
): Promise<void> {
  const asked = (cmd.convMessage as Record<string, unknown>).tempConvTTL;
  if (
    asked !== undefined &&
    asked !== null &&
    (typeof asked !== 'number' || !Number.isInteger(asked) || asked < 0)
  )
    throw new RtmError(RtmCode.InvalidMessagingTarget, 'tempConvTTL is a whole number of seconds.');
  const ttl = typeof asked === 'number' && asked > 0 ? Math.min(asked, TTL_MAX_S) : TTL_DEFAULT_S;
  const now = ctx.im.clock.now().getTime();
  const made = await ctx.im.conversations.create(
    internalRequest(ctx, { ...attr, c: s.peerId, m: members, temp: true, ttl, expireAt: now + ttl * 1000 }),
    'conv',
  );
  const cid = `${TEMP_PREFIX}${String(made.objectId)}`;
  await ctx.sql.query(`UPDATE ${tableFor(CONVERSATION_CLASS)} SET id = $2 WHERE id = $1`, [
    made.objectId,
    cid,
  ]);
  s.conn.send({
    cmd: 'conv',
    op: 'started',
    i: cmd.i,
    peerId: s.peerId,
    convMessage: { cid, cdate: made.createdAt, tempConvTTL: ttl },
  });
  ctx.hub.send(
    { peers: members.filter((m) => m !== s.peerId) },
    { cmd: 'conv', op: 'joined', convMessage: { cid, initBy: s.peerId } },
  );
}

/** conv query with tempConvIds: those temporary conversations the client is in and still alive. */
export async function queryTemporary(ctx: RealtimeContext, s: Session, ids: unknown[]): Promise<unknown[]> {
  const wanted = ids
    .filter((x): x is string => typeof x === 'string' && x.startsWith(TEMP_PREFIX))
    .slice(0, 100);
  if (!wanted.length) return [];
  const now = ctx.im.clock.now().getTime();
  const rows = await ctx.sql.query<{
    id: string;
    data: Record<string, unknown>;
    created_at: Date;
    updated_at: Date;
  }>(
    `SELECT id, data, created_at, updated_at FROM ${tableFor(CONVERSATION_CLASS)}
     WHERE id = ANY($1::text[]) AND (data->>'expireAt')::bigint > $2 AND data->'m' ? $3`,
    [wanted, now, s.peerId],
  );
  return rows.map((r) => {
    const { expireAt, ...data } = r.data;
    return {
      ...data,
      objectId: r.id,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
      // What is left of its life, in seconds (the SDK computes the expiry from it).
      ttl: Math.max(1, Math.ceil((Number(expireAt) - now) / 1000)),
    };
  });
}
