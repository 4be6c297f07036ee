import { ApiError } from '../http/errors';
import { RtmCode, RtmError } from './codes';
import { changeMembers, countMembers, maxRead, queryConversations, startConversation } from './commands/conv';
import { muteConversation, updateConversation } from './commands/conv-settings';
import { direct } from './commands/direct';
import { updateMemberInfo } from './commands/member-info';
import { byClient, clientBlacklist, queryClientBlacklist } from './commands/client-blacklist';
import { blacklist, queryBlacklist, queryShutup, shutup } from './commands/moderation';
import { logs } from './commands/logs';
import { patch } from './commands/patch';
import { ack, read } from './commands/receipts';
import type { Connection, Session } from './connection';
import type { RealtimeContext } from './context';
import type { Command } from './proto/codec';
import { closeSession, openSession, querySessions, refreshSession } from './session';

type Handler = (ctx: RealtimeContext, s: Session, cmd: Command) => Promise<void> | void;

/** Commands of an open session, by "cmd op". */
const HANDLERS: Record<string, Handler> = {
  'session close': closeSession,
  'session query': querySessions,
  'session refresh': refreshSession,
  direct,
  ack,
  read,
  logs,
  'patch modify': patch,
  'conv start': startConversation,
  'conv query': queryConversations,
  'conv add': (ctx, s, cmd) => changeMembers(ctx, s, cmd, 'add'),
  'conv remove': (ctx, s, cmd) => changeMembers(ctx, s, cmd, 'remove'),
  'conv count': countMembers,
  'conv max_read': maxRead,
  'conv update': updateConversation,
  'conv mute': (ctx, s, cmd) => muteConversation(ctx, s, cmd, true),
  'conv unmute': (ctx, s, cmd) => muteConversation(ctx, s, cmd, false),
  'conv member_info_update': updateMemberInfo,
  'conv add_shutup': (ctx, s, cmd) => shutup(ctx, s, cmd, true),
  'conv remove_shutup': (ctx, s, cmd) => shutup(ctx, s, cmd, false),
  'conv query_shutup': queryShutup,
  // srcCid: a conversation blocks clients; srcPid: a client blocks conversations.
  'blacklist block': (ctx, s, cmd) => (byClient(cmd) ? clientBlacklist : blacklist)(ctx, s, cmd, true),
  'blacklist unblock': (ctx, s, cmd) => (byClient(cmd) ? clientBlacklist : blacklist)(ctx, s, cmd, false),
  'blacklist query': (ctx, s, cmd) => (byClient(cmd) ? queryClientBlacklist : queryBlacklist)(ctx, s, cmd),
};

const keyOf = (cmd: Command) => (cmd.op ? `${cmd.cmd} ${cmd.op}` : String(cmd.cmd));

/** Runs one command; a refusal becomes an error command with the request's `i`. */
export async function dispatch(ctx: RealtimeContext, conn: Connection, cmd: Command): Promise<void> {
  try {
    if (cmd.cmd === 'echo') {
      conn.send({ cmd: 'echo', i: cmd.i });
      return;
    }
    if (cmd.cmd === 'session' && cmd.op === 'open') {
      await openSession(ctx, conn, cmd);
      return;
    }
    if (cmd.cmd === 'login') {
      await ctx.devices.login(ctx.im.appId, conn, cmd);
      return;
    }
    // A device's acknowledgement of pushes: no client id, message ids instead of a conversation.
    if (
      cmd.cmd === 'ack' &&
      cmd.peerId === undefined &&
      !(cmd.ackMessage as { cid?: unknown } | undefined)?.cid
    ) {
      await ctx.devices.ack(conn, cmd);
      return;
    }
    const handler = HANDLERS[keyOf(cmd)];
    if (!handler) throw new RtmError(RtmCode.Unsupported, `Unknown or unsupported command "${keyOf(cmd)}".`);
    const session = sessionFor(conn, cmd);
    await handler(ctx, session, cmd);
  } catch (e) {
    const peerId = typeof cmd.peerId === 'string' ? cmd.peerId : undefined;
    if (e instanceof RtmError) return conn.error(cmd.i, e.code, e.message, peerId);
    // The REST rules the gateway reuses speak LeanCloud's REST codes; the SDK shows them alike.
    if (e instanceof ApiError) return conn.error(cmd.i, e.code, e.message, peerId);
    ctx.log(e);
    conn.error(cmd.i, RtmCode.InternalError, 'Internal error.', peerId);
  }
}

/** The session a command speaks for: its peerId's, or the connection's only one. */
function sessionFor(conn: Connection, cmd: Command): Session {
  const peerId = typeof cmd.peerId === 'string' ? cmd.peerId : undefined;
  const s = peerId
    ? conn.sessions.get(peerId)
    : conn.sessions.size === 1
      ? [...conn.sessions.values()][0]
      : undefined;
  if (!s) throw new RtmError(RtmCode.SessionRequired, 'Open a session (session open) first.');
  return s;
}
