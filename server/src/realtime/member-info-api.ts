import { createHash } from 'node:crypto';
import { LcCode } from '@switchboard/shared';
import { ApiError, badRequest } from '../http/errors';
import type { ApiRequest, ApiResponse } from '../http/types';
import type { Conversations } from '../im/conversations';
import type { Clock } from '../lib/clock';
import type { ClassApi } from '../services/class-api';
import { RtmCode } from './codes';
import { membersOf } from './commands/find';
import type { TokenStore } from './tokens';

const PATH = '/1.1/classes/_ConversationMemberInfo';

/** Stable per (conversation, member): the rows live in lc_im_member_roles, which has no ids. */
const objectIdOf = (cid: string, clientId: string) =>
  createHash('sha256').update(`${cid}\0${clientId}`).digest('hex').slice(0, 24);

/** An equality on a string field of `where`, or undefined when the field is absent. */
function equalTo(where: Record<string, unknown>, field: string): string | undefined {
  const v = where[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v === '' || v.length > 256 || v.includes('\0'))
    throw badRequest(LcCode.InvalidParameter, `where.${field} must be a non-empty string (an equality).`);
  return v;
}

function parseWhere(raw: string | undefined): Record<string, unknown> {
  if (raw === undefined) return {};
  let where: unknown;
  try {
    where = JSON.parse(raw);
  } catch {
    throw badRequest(LcCode.InvalidJson, 'where must be a JSON object.');
  }
  if (!where || typeof where !== 'object' || Array.isArray(where))
    throw badRequest(LcCode.InvalidJson, 'where must be a JSON object.');
  const unknownKey = Object.keys(where).find((k) => k !== 'cid' && k !== 'clientId');
  if (unknownKey)
    throw badRequest(
      LcCode.InvalidParameter,
      `_ConversationMemberInfo is queried by cid and clientId only, not by ${JSON.stringify(unknownKey)}.`,
    );
  return where as Record<string, unknown>;
}

const readOnly = () =>
  new ApiError(
    403,
    LcCode.OperationForbidden,
    "_ConversationMemberInfo is read-only here: roles change with the realtime command member_info_update (the SDK's updateMemberRole).",
  );

/**
 * `_ConversationMemberInfo`, which the realtime SDK's getAllMemberInfo / getMemberInfo query as
 * `where={"cid":...}&client_id=...` with X-LC-IM-Session-Token: the `st` its `session opened`
 * handed out (lc_rtm_tokens), which names the client. Only members read a conversation's infos;
 * the master key reads any. Rows are the stored roles (managers): the SDK makes the creator the
 * owner and every other member a plain member itself.
 */
export class MemberInfoApi implements ClassApi {
  readonly path = PATH;

  constructor(private readonly d: { tokens: TokenStore; clock: Clock; conversations: Conversations }) {}

  async query(req: ApiRequest): Promise<ApiResponse> {
    const where = parseWhere(req.query.where);
    const cid = equalTo(where, 'cid');
    const memberId = equalTo(where, 'clientId');
    if (cid === undefined)
      throw badRequest(LcCode.InvalidParameter, 'where.cid (the conversation id) is required.');
    const conv = await this.d.conversations.find(req.sql, cid);
    if (!req.auth.master) await this.requireMember(req, cid, conv ? membersOf(conv) : []);
    if (!conv) return { body: { results: [] } };
    const members = new Set(membersOf(conv));
    const rows = await req.sql.query<{ client_id: string; role: string }>(
      `SELECT client_id, role FROM lc_im_member_roles WHERE conv_id = $1 ORDER BY client_id`,
      [cid],
    );
    const results = rows
      // A role outlives nothing: who left the conversation has no info in it.
      .filter((r) => members.has(r.client_id) && (memberId === undefined || r.client_id === memberId))
      .map((r) => ({ objectId: objectIdOf(cid, r.client_id), cid, clientId: r.client_id, role: r.role }));
    return { body: { results } };
  }

  /** The IM session token must be the client_id's, and that client a member of the conversation. */
  private async requireMember(req: ApiRequest, cid: string, members: string[]): Promise<void> {
    const clientId = req.query.client_id ?? '';
    const token = req.imSessionToken ?? '';
    if (token === '' || clientId === '')
      throw new ApiError(
        401,
        LcCode.Unauthorized,
        'Reading _ConversationMemberInfo needs the master key, or X-LC-IM-Session-Token with client_id (a realtime session of a member).',
      );
    if (!(await this.d.tokens.check(token, clientId, this.d.clock.now().getTime())))
      throw new ApiError(
        401,
        RtmCode.SessionTokenExpired,
        'X-LC-IM-Session-Token is unknown or expired for this client_id; open the session again.',
      );
    if (!members.includes(clientId))
      throw new ApiError(
        403,
        RtmCode.ConversationMembershipRequired,
        `${clientId} is not a member of ${cid}, so it cannot read its member infos.`,
      );
  }

  get(): Promise<ApiResponse> {
    return Promise.reject(
      badRequest(LcCode.InvalidParameter, '_ConversationMemberInfo is read by a query on cid, not by id.'),
    );
  }
  create(): Promise<ApiResponse> {
    return Promise.reject(readOnly());
  }
  update(): Promise<ApiResponse> {
    return Promise.reject(readOnly());
  }
  delete(): Promise<ApiResponse> {
    return Promise.reject(readOnly());
  }
}
