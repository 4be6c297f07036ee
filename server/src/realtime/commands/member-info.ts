import { RtmCode, RtmError } from '../codes';
import type { Session } from '../connection';
import type { RealtimeContext } from '../context';
import type { Command } from '../proto/codec';
import { requiredString, sub } from './fields';
import { findConversation, membersOf } from './find';
import { requireModerator, roleOf } from './roles';

const ROLES = new Set(['Manager', 'Member']);

/**
 * conv member_info_update: the owner or a manager makes a member a manager or a plain member again.
 * Nobody becomes owner this way (5130), and the owner's own role does not change. Every other
 * member gets member_info_changed.
 */
export async function updateMemberInfo(ctx: RealtimeContext, s: Session, cmd: Command): Promise<void> {
  const cm = sub(cmd, 'convMessage');
  const cid = requiredString(cm, 'cid', 'The conversation id');
  const info = cm.info && typeof cm.info === 'object' ? (cm.info as Record<string, unknown>) : {};
  const target =
    typeof cm.targetClientId === 'string' && cm.targetClientId !== ''
      ? cm.targetClientId
      : requiredString(info, 'pid', 'The member (targetClientId)');
  const role = info.role;
  if (role === 'Owner')
    throw new RtmError(RtmCode.OwnerPromotionNotAllowed, "Updating a member's role to owner is not allowed.");
  if (typeof role !== 'string' || !ROLES.has(role))
    throw new RtmError(RtmCode.InvalidMessagingTarget, 'role must be "Manager" or "Member".');
  const conv = await findConversation(ctx, cid);
  if (!conv) throw new RtmError(RtmCode.ConversationNotFound, `No conversation ${JSON.stringify(cid)}.`);
  await requireModerator(ctx, conv, s.peerId);
  const members = membersOf(conv);
  if (!members.includes(target))
    throw new RtmError(RtmCode.ConversationMembershipRequired, `${target} is not a member of ${cid}.`);
  if ((await roleOf(ctx, conv, target)) === 'Owner')
    throw new RtmError(RtmCode.ConversationNotAllowed, "The owner's role does not change.");
  if (role === 'Member')
    await ctx.sql.query(`DELETE FROM lc_im_member_roles WHERE conv_id = $1 AND client_id = $2`, [
      cid,
      target,
    ]);
  else
    await ctx.sql.query(
      `INSERT INTO lc_im_member_roles (conv_id, client_id, role) VALUES ($1, $2, $3)
       ON CONFLICT (conv_id, client_id) DO UPDATE SET role = EXCLUDED.role`,
      [cid, target, role],
    );
  s.conn.send({ cmd: 'conv', op: 'member_info_updated', i: cmd.i, peerId: s.peerId, convMessage: { cid } });
  ctx.hub.send(
    { peers: members.filter((m) => m !== s.peerId) },
    {
      cmd: 'conv',
      op: 'member_info_changed',
      convMessage: { cid, initBy: s.peerId, info: { pid: target, role } },
    },
  );
}
