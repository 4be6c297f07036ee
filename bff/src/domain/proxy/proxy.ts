import { matchUpstreamRoute, permissionOf, roleHas } from '@switchboard/shared';
import type { UpstreamMatch } from '@switchboard/shared';
import type { z } from 'zod';
import type { batchRequestSchema } from '@switchboard/shared';
import { ConsoleError, forbidden, notFound } from '../errors';
import { exchangeUpstream, sendUpstream } from '../upstream-call';
import { runBatch } from './batch';
import { audit } from './context';
import type { ProxyContext, UpstreamCall } from './context';
import { visibleTo } from './secrets';
import { snapshot } from './snapshots';
import { createdIdOf, objectPath, targetOf } from './targets';
import { bodyFor, validated } from './validate';

/**
 * Forwards one console request to an upstream app: only allowlisted routes, only with the
 * permission the user's role in this app holds, only with input the shared schemas accept.
 * Writes are audited with the object before and after; refusals are audited too.
 */
export async function proxy(ctx: ProxyContext, call: UpstreamCall): Promise<unknown> {
  const match = matchUpstreamRoute(call.method, call.path);
  if (!match) throw notFound(`The console does not offer ${call.method} ${call.path}.`);
  const needed = permissionOf(match);
  const action = match.route.action ?? 'read';
  if (needed !== 'per-element' && !roleHas(ctx.role, needed)) {
    await audit(ctx, {
      action,
      target: targetOf(match),
      summary: { method: call.method, path: call.path, permission: needed },
      result: 'denied',
      status: 403,
    });
    throw forbidden(
      `Your role in this app (${ctx.role}) does not allow this: it needs the "${needed}" permission.`,
    );
  }
  const what = `${call.method} ${match.route.path}`;
  const query = validated(match.route.query, call.query, 'The query parameters are not valid.') as Record<
    string,
    string
  >;
  const body = bodyFor(match.route, call.body, what);
  if (needed === 'per-element') {
    return visibleTo(ctx.role, await runBatch(ctx, body as z.infer<typeof batchRequestSchema>));
  }
  const req = { method: call.method, path: call.path, query, body };
  if (match.route.action) return visibleTo(ctx.role, await auditedWrite(ctx, match, req));
  const answer = await exchangeUpstream(ctx.client, req);
  // A read the role may see whole is passed on as the app wrote it: serializing it again would
  // cost the console as much as parsing it did, for the same bytes.
  return roleHas(ctx.role, 'secrets.read') && answer.text
    ? new JsonText(answer.text)
    : visibleTo(ctx.role, answer.body);
}

/** An upstream answer to send to the browser as it is. */
export class JsonText {
  constructor(readonly text: string) {}
}

async function auditedWrite(ctx: ProxyContext, match: UpstreamMatch, req: UpstreamCall): Promise<unknown> {
  const action = match.route.action ?? 'write';
  const path = objectPath(match);
  const before = await snapshot(ctx.client, path);
  const summary = { method: req.method, path: req.path, query: req.query, body: req.body };
  let result: unknown;
  try {
    result = await sendUpstream(ctx.client, req);
  } catch (e) {
    if (e instanceof ConsoleError) {
      await audit(ctx, {
        action,
        target: targetOf(match),
        summary,
        before,
        result: 'error',
        status: e.status,
      });
    }
    throw e;
  }
  const createdId = createdIdOf(req.method, result);
  const after =
    req.method === 'DELETE'
      ? undefined
      : await snapshot(ctx.client, objectPath(match, createdId ?? match.params.objectId));
  await audit(ctx, {
    action,
    target: targetOf(match, createdId),
    summary,
    before,
    after,
    result: 'ok',
    status: 200,
  });
  return result;
}
