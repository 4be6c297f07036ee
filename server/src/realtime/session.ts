import { loginSignature } from '../im/client-routes';
import { unreadByConversation } from '../im/unread';
import { RtmCode, RtmError } from './codes';
import { clientBlocks } from './commands/client-blacklist';
import { dropWills } from './commands/wills';
import { sendMissedBroadcasts } from './missed-broadcasts';
import type { Connection, Session } from './connection';
import type { RealtimeContext } from './context';
import type { Command } from './proto/codec';
import { sameHex, timestampFresh } from './signatures';
import { SESSION_TOKEN_TTL_S } from './tokens';

/** LeanCloud client ids: 1 to 64 characters. */
const CLIENT_ID = /^[^\0]{1,64}$/u;

interface SessionFields {
  t?: number;
  n?: string;
  s?: string;
  r?: boolean;
  tag?: string;
  st?: string;
  sessionPeerIds?: string[];
}

const sessionOf = (cmd: Command) => (cmd.sessionMessage ?? {}) as SessionFields;

export function peerIdOf(cmd: Command): string {
  const peerId = cmd.peerId;
  if (typeof peerId !== 'string' || !CLIENT_ID.test(peerId))
    throw new RtmError(RtmCode.InvalidLogin, 'peerId (the client id) must be 1 to 64 characters.');
  return peerId;
}

function checkSignature(ctx: RealtimeContext, peerId: string, sm: SessionFields, now: number): void {
  if (typeof sm.s !== 'string' || typeof sm.n !== 'string' || typeof sm.t !== 'number')
    throw new RtmError(RtmCode.SignatureFailed, 'This app requires a login signature (s, t and n).');
  if (!timestampFresh(sm.t, now))
    throw new RtmError(RtmCode.SignatureFailed, 'The signature timestamp is more than an hour away.');
  if (!sameHex(loginSignature(ctx.im.masterKey, ctx.im.appId, peerId, sm.t, sm.n), sm.s))
    throw new RtmError(RtmCode.SignatureFailed, 'The login signature does not match.');
}

/** session open: plain, signed, or with the session token of an earlier open (reconnect). */
export async function openSession(ctx: RealtimeContext, conn: Connection, cmd: Command): Promise<void> {
  const peerId = peerIdOf(cmd);
  if (cmd.appId !== undefined && cmd.appId !== ctx.im.appId)
    throw new RtmError(RtmCode.AppNotAvailable, `This server serves app ${ctx.im.appId}, not ${cmd.appId}.`);
  const sm = sessionOf(cmd);
  const now = ctx.im.clock.now().getTime();
  let tag = typeof sm.tag === 'string' && sm.tag !== '' ? sm.tag : undefined;
  if (sm.st !== undefined) {
    const known = await ctx.tokens.check(String(sm.st), peerId, now);
    if (!known) throw new RtmError(RtmCode.SessionTokenExpired, 'The session token is unknown or expired.');
    tag = known.tag;
  } else if (sm.s !== undefined || ctx.signatureRequired) {
    checkSignature(ctx, peerId, sm, now);
  }
  const earlier = conn.sessions.get(peerId);
  if (earlier) ctx.hub.registry.remove(earlier);
  // One login per tag: the earlier one, on any other connection, is closed with CONFLICT.
  if (tag) ctx.hub.conflict(peerId, tag, conn.id);
  const session: Session = {
    peerId,
    tag,
    conn,
    token: await ctx.tokens.issue(peerId, tag, now),
    blocks: await clientBlocks(ctx.sql, peerId),
  };
  conn.sessions.set(peerId, session);
  ctx.hub.registry.add(session);
  conn.send({
    cmd: 'session',
    op: 'opened',
    i: cmd.i,
    peerId,
    serverTs: now,
    sessionMessage: { st: session.token, stTtl: SESSION_TOKEN_TTL_S },
  });
  await ctx.sql.query('INSERT INTO lc_im_logins (day, client_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    new Date(now).toISOString().slice(0, 10),
    peerId,
  ]);
  await sendUnread(ctx, session, now);
  await sendMissedBroadcasts(ctx, session, now);
}

/** Protocol 2.3: after login, the conversations with unread messages, each with its newest one. */
async function sendUnread(ctx: RealtimeContext, s: Session, now: number): Promise<void> {
  const convs = await unreadByConversation(ctx.sql, s.peerId);
  if (!convs.length) return;
  s.conn.send({
    cmd: 'unread',
    peerId: s.peerId,
    unreadMessage: {
      notifTime: now,
      convs: convs.map((c) => ({
        cid: c.cid,
        unread: c.unread,
        ...(c.msg_id
          ? {
              mid: c.msg_id,
              timestamp: Number(c.ts),
              from: c.from_client,
              ...(c.bin ? { binaryMsg: Buffer.from(c.data ?? '', 'base64') } : { data: c.data }),
              ...(c.patched_at ? { patchTimestamp: Number(c.patched_at) } : {}),
            }
          : {}),
      })),
    },
  });
}

export async function closeSession(ctx: RealtimeContext, s: Session, cmd: Command): Promise<void> {
  s.conn.sessions.delete(s.peerId);
  await dropWills(ctx, s);
  ctx.hub.registry.remove(s);
  s.conn.send({ cmd: 'session', op: 'closed', i: cmd.i, peerId: s.peerId, sessionMessage: {} });
}

export async function querySessions(ctx: RealtimeContext, s: Session, cmd: Command): Promise<void> {
  const ids = (sessionOf(cmd).sessionPeerIds ?? []).filter((x) => typeof x === 'string').slice(0, 20);
  const online = await ctx.hub.online(ids);
  s.conn.send({
    cmd: 'session',
    op: 'query_result',
    i: cmd.i,
    peerId: s.peerId,
    sessionMessage: { onlineSessionPeerIds: online },
  });
}

export async function refreshSession(ctx: RealtimeContext, s: Session, cmd: Command): Promise<void> {
  s.token = await ctx.tokens.issue(s.peerId, s.tag, ctx.im.clock.now().getTime());
  s.conn.send({
    cmd: 'session',
    op: 'refreshed',
    i: cmd.i,
    peerId: s.peerId,
    sessionMessage: { st: s.token, stTtl: SESSION_TOKEN_TTL_S },
  });
}
