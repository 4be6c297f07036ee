import { isPlainObject, pushResponseSchema } from '@switchboard/shared';
import type { PushTestSendBody } from '@switchboard/shared';
import { beginAudit, completeAudit, outcomeOf, reported } from '../audit-outcome';
import { ConsoleError, notFound } from '../errors';
import { entryOf } from '../proxy/context';
import type { ProxyContext } from '../proxy/context';
import { sendUpstream } from '../upstream-call';
import { devicesBodyFor } from './test-send-body';

/** LeanCloud answers a GET of an unknown objectId with `{}` (and some routes with code 101). */
const readInstallation = async (ctx: ProxyContext, id: string): Promise<unknown> => {
  let found: unknown;
  try {
    found = await sendUpstream(ctx.client, {
      method: 'GET',
      path: `/1.1/installations/${id}`,
      query: {},
    });
  } catch (e) {
    const code =
      e instanceof ConsoleError ? (e.details as { upstreamCode?: unknown } | undefined) : undefined;
    if (code?.upstreamCode === 101) throw notFound(`There is no installation ${id}.`);
    throw e;
  }
  if (!isPlainObject(found) || found.objectId !== id) throw notFound(`There is no installation ${id}.`);
  return found;
};

/**
 * Sends a test push to one installation through /1.1/push/devices. The device id is read here with
 * the master key, so it never reaches the browser; the audit entry names the installation, its
 * platform and the message, and the upstream body it keeps has the token redacted by name.
 */
export async function sendTestPush(ctx: ProxyContext, input: PushTestSendBody) {
  const installation = await readInstallation(ctx, input.installation);
  const built = devicesBodyFor(installation, input.data, input.prod ?? 'prod');
  const target = { class: '_Installation', objectId: input.installation };
  if ('missing' in built) throw new ConsoleError(400, 'bad_request', built.missing);
  const { device_ids: _ids, ...shown } = built.body;
  const summary = {
    method: 'POST',
    path: '/1.1/push/devices',
    installation: input.installation,
    body: shown,
  };
  const [id = ''] = await beginAudit(ctx.sql, [entryOf(ctx, { action: 'push.send_test', target, summary })]);
  try {
    const answer = pushResponseSchema.parse(
      await sendUpstream(ctx.client, {
        method: 'POST',
        path: '/1.1/push/devices',
        query: {},
        body: built.body,
      }),
    );
    await completeAudit(ctx.sql, [
      { id, result: 'ok', status: 200, target: { ...target, pushId: answer.objectId } },
    ]);
    return answer;
  } catch (e) {
    const outcome = outcomeOf(e);
    await completeAudit(ctx.sql, [
      { id, result: outcome, status: e instanceof ConsoleError ? e.status : 500 },
    ]);
    throw reported(e, outcome);
  }
}
