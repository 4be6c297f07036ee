import { isPlainObject, matchUpstreamRoute, permissionOf, roleHas } from '@switchboard/shared';
import type { Permission, UpstreamMatch } from '@switchboard/shared';
import type { z } from 'zod';
import type { batchRequestSchema } from '@switchboard/shared';
import { auditedCall } from '../audit-outcome';
import { FieldDefinitions } from '../audit-redact';
import { ConsoleError, forbidden, notFound } from '../errors';
import { exchangeUpstream, sendUpstream } from '../upstream-call';
import { runBatch } from './batch';
import { audit, entryOf } from './context';
import type { ProxyContext, UpstreamCall } from './context';
import { guardQuery, HiddenFieldError } from './hidden-fields';
import { isScan, openCursor, sealCursor } from './scan-cursor';
import { describesFields, visibleTo } from './secrets';
import { mergedSnapshot, snapshot } from './snapshots';
import { createdIdOf, objectPath, targetOf } from './targets';
import { bodyFor, validated } from './validate';

interface Checked {
  match: UpstreamMatch;
  needed: Permission | 'per-element';
  req: UpstreamCall;
}

/**
 * Forwards one console request to an upstream app: only allowlisted routes, only with the
 * permission the user's role in this app holds, only with input the shared schemas accept, and
 * only naming fields the role may see. Writes are audited before they are sent and completed with
 * their outcome; refusals are audited as auditRefusal says.
 */
export async function proxy(ctx: ProxyContext, call: UpstreamCall): Promise<unknown> {
  const { match, needed, req } = await checked(ctx, call);
  if (needed === 'per-element') {
    return visibleTo(ctx.role, await runBatch(ctx, req.body as z.infer<typeof batchRequestSchema>));
  }
  if (match.route.action) return visibleTo(ctx.role, await auditedWrite(ctx, match, req));
  if (isScan(match)) {
    const answer = await sendUpstream(ctx.client, { ...req, query: openCursor(ctx, match, req.query) });
    return sealCursor(ctx, match, visibleTo(ctx.role, answer));
  }
  if (match.route.auditedRead) return visibleTo(ctx.role, await auditedRead(ctx, match, req));
  const answer = await exchangeUpstream(ctx.client, req);
  // A read the role may see whole is passed on as the app wrote it: serializing it again would
  // cost the console as much as parsing it did, for the same bytes.
  const whole = roleHas(ctx.role, 'secrets.read') || describesFields(match.route.path);
  if (!whole) return visibleTo(ctx.role, answer.body);
  return answer.text ? new JsonText(answer.text) : answer.body;
}

/** An upstream answer to send to the browser as it is. */
export class JsonText {
  constructor(readonly text: string) {}
}

async function checked(ctx: ProxyContext, call: UpstreamCall): Promise<Checked> {
  const match = matchUpstreamRoute(call.method, call.path);
  try {
    if (!match) throw notFound(`The console does not offer ${call.method} ${call.path}.`);
    const needed = permissionOf(match);
    if (needed !== 'per-element' && !roleHas(ctx.role, needed)) {
      throw forbidden(
        `Your role in this app (${ctx.role}) does not allow this: it needs the "${needed}" permission.`,
      );
    }
    const what = `${call.method} ${match.route.path}`;
    const valid = validated(match.route.query, call.query, 'The query parameters are not valid.');
    const query = guardQuery(ctx.role, valid as Record<string, string>);
    const body = bodyFor(match.route, call.body, what);
    return { match, needed, req: { method: call.method, path: call.path, query, body } };
  } catch (e) {
    await auditRefusal(ctx, call, e, match);
    throw e;
  }
}

/**
 * Audits a refused request. Refused writes are audited, and so is whatever the console's own
 * pages never send (a path off the allowlist, a path trick, a query on a hidden field), reads
 * included. A read refused for want of a permission or for a malformed query is not: the
 * console's pages probe what a role may see, and the log would fill with their routine refusals.
 */
export async function auditRefusal(
  ctx: ProxyContext,
  call: { method: string; path: string; query?: Record<string, string> },
  e: unknown,
  match?: UpstreamMatch,
  always = false,
): Promise<void> {
  if (!(e instanceof ConsoleError)) return;
  const attack = always || !match || e instanceof HiddenFieldError;
  if (call.method === 'GET' && !attack) return;
  await audit(ctx, {
    action: match?.route.action ?? (match ? 'read' : 'console.refused'),
    target: match ? targetOf(match) : undefined,
    summary: { method: call.method, path: call.path, query: call.query, refused: e.message },
    result: 'denied',
    status: e.status,
  });
}

async function auditedWrite(ctx: ProxyContext, match: UpstreamMatch, req: UpstreamCall): Promise<unknown> {
  const action = match.route.action ?? 'write';
  const paths = match.route.snapshotPaths?.(match.params);
  const named = match.route.fieldNameKeys === true;
  const before = paths
    ? asDefinitions(await mergedSnapshot(ctx.client, paths), named)
    : await snapshot(ctx.client, objectPath(match));
  const summary = {
    method: req.method,
    path: req.path,
    query: req.query,
    body: named ? withDefinitions(req.body) : req.body,
  };
  const entry = entryOf(ctx, { action, target: targetOf(match), summary, before });
  return auditedCall(
    ctx.sql,
    entry,
    () => sendUpstream(ctx.client, req),
    async (result) => {
      const createdId = createdIdOf(req.method, result);
      const after =
        req.method === 'DELETE'
          ? undefined
          : paths
            ? asDefinitions(await mergedSnapshot(ctx.client, paths), named)
            : await snapshot(ctx.client, objectPath(match, createdId ?? match.params.objectId));
      return { after, target: targetOf(match, createdId) };
    },
  );
}

/** A schema snapshot, flattened to `<Class>.<field>` and `permissions.<op>`, keyed by names. */
const asDefinitions = (snap: unknown, named: boolean): unknown =>
  named && isPlainObject(snap) ? new FieldDefinitions(snap) : snap;

/** A schema write's body with its `fields` marked as definitions under field names. */
const withDefinitions = (body: unknown): unknown =>
  isPlainObject(body) && isPlainObject(body.fields)
    ? { ...body, fields: new FieldDefinitions(body.fields) }
    : body;

/** A read of credentials (the outbox's reset links and codes): who read what is kept. */
async function auditedRead(ctx: ProxyContext, match: UpstreamMatch, req: UpstreamCall): Promise<unknown> {
  const entry = {
    action: match.route.auditedRead ?? 'read',
    summary: { method: req.method, path: req.path, query: req.query },
  };
  try {
    const body = await sendUpstream(ctx.client, req);
    const target = targetOf(match) ?? match.route.answerTarget?.(body);
    await audit(ctx, { ...entry, ...(target ? { target } : {}), result: 'ok', status: 200 });
    return body;
  } catch (e) {
    const target = targetOf(match);
    await audit(ctx, {
      ...entry,
      ...(target ? { target } : {}),
      result: 'error',
      status: e instanceof ConsoleError ? e.status : 500,
    });
    throw e;
  }
}
