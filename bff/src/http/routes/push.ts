import { consoleRoutes, pushDataSchema } from '@switchboard/shared';
import { Router } from 'express';
import { sendTestPush } from '../../domain/push/test-send';
import type { AppAccess } from '../app-access';
import { parseBody } from '../errors';

/**
 * The test send's body with Doc 2's data rules checked here, so a mistake is named at its field
 * (the shared route table keeps `data` loose: it is part of every first page, these rules are not).
 */
const testSendBody = consoleRoutes.pushTestSend.body.extend({ data: pushDataSchema });

/** The push area's own routes (the upstream push API is forwarded by the proxy). */
export function pushRoutes(access: AppAccess): Router {
  const r = Router();
  const { pushTestSend } = consoleRoutes;
  r.post(pushTestSend.path, async (req, res) => {
    const ctx = await access(req, 'push.write');
    res.json(await sendTestPush(ctx, parseBody(testSendBody, req.body)));
  });
  return r;
}
