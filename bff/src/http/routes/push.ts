import { consoleRoutes } from '@switchboard/shared';
import { Router } from 'express';
import { sendTestPush } from '../../domain/push/test-send';
import type { AppAccess } from '../app-access';
import { parseBody } from '../errors';

/** The push area's own routes (the upstream push API is forwarded by the proxy). */
export function pushRoutes(access: AppAccess): Router {
  const r = Router();
  const { pushTestSend } = consoleRoutes;
  r.post(pushTestSend.path, async (req, res) => {
    const ctx = await access(req, 'push.write');
    res.json(await sendTestPush(ctx, parseBody(pushTestSend.body, req.body)));
  });
  return r;
}
