import { z } from 'zod';
import { LcCode } from '@switchboard/shared';
import { ApiError } from '../http/errors';
import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import type { Handler } from '../http/types';
import { parseInput } from '../http/validate';
import { clientBlocksPage, setClientBlocks } from './client-blocks';
import type { ImDeps } from './deps';
import { clientId, intParam, parseBody } from './params';

const CL = '/1.2/rtm/clients';
const convSchema = z.strictObject({
  conv_id: z.string().min(1, 'conv_id is required').max(256, 'conv_id has at most 256 characters'),
});

/**
 * Doc 3 (LeanCloud's REST guide, 增加／移除／查询黑名单): a client blocks a group, chat room or
 * service conversation, so that nobody else can add it, and its sessions stop getting its messages
 * (as the realtime `blacklist` command with srcPid does).
 */
export function clientBlacklistRoutes(router: ApiRouter, d: ImDeps): void {
  const change =
    (on: boolean): Handler =>
    async (req) => {
      requireMaster(req.auth, on ? 'blocking conversations' : 'unblocking conversations');
      const client = parseInput(clientId, req.params.clientId, 'client id');
      const { conv_id } = parseBody(convSchema, req.body);
      if (on && !(await d.conversations.find(req.sql, conv_id)))
        throw new ApiError(404, LcCode.ObjectNotFound, `No conversation ${conv_id}.`);
      await setClientBlocks(req.sql, client, [conv_id], on, d.clock.now().getTime());
      d.live.clientBlocks(client, [conv_id], on);
      return { body: {} };
    };
  router.on('POST', `${CL}/:clientId/blacklists`, change(true));
  router.on('DELETE', `${CL}/:clientId/blacklists`, change(false));
  router.on('GET', `${CL}/:clientId/blacklists`, async (req) => {
    requireMaster(req.auth, 'listing blocked conversations');
    const client = parseInput(clientId, req.params.clientId, 'client id');
    const limit = intParam(req.query, 'limit', 10, 1, 1000) ?? 10;
    const { ids, next } = await clientBlocksPage(req.sql, client, limit, req.query.next ?? '');
    return { body: { conv_ids: ids, ...(next ? { next } : {}) } };
  });
}
