import type { ConversationRow } from '../../im/conversations';
import { kindOf } from '../../im/kinds';
import { RtmCode, RtmError } from '../codes';
import type { RealtimeContext } from '../context';

/** LeanCloud's member roles (ConversationMemberRole): the creator is the owner. */
export type MemberRole = 'Owner' | 'Manager' | 'Member';

export async function roleOf(
  ctx: RealtimeContext,
  conv: ConversationRow,
  clientId: string,
): Promise<MemberRole> {
  if (conv.data.c === clientId) return 'Owner';
  const [row] = await ctx.sql.query<{ role: string }>(
    `SELECT role FROM lc_im_member_roles WHERE conv_id = $1 AND client_id = $2`,
    [conv.id, clientId],
  );
  return row?.role === 'Manager' ? 'Manager' : 'Member';
}

/** Roles, mutes and blacklists belong to conversations with members; their owner and managers run them. */
export async function requireModerator(ctx: RealtimeContext, conv: ConversationRow, clientId: string) {
  if (kindOf(conv.data) !== 'conv')
    throw new RtmError(
      RtmCode.ConversationNotAllowed,
      'Only conversations with members have roles, mutes and blacklists.',
    );
  const role = await roleOf(ctx, conv, clientId);
  if (role === 'Member')
    throw new RtmError(
      RtmCode.ConversationNotAllowed,
      `${clientId} is neither the owner nor a manager of ${conv.id}.`,
    );
  return role;
}
