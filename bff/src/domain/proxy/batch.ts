import {
  isPlainObject,
  matchUpstreamRoute,
  parseUpstreamPath,
  permissionOf,
  roleHas,
} from '@switchboard/shared';
import type { batchRequestSchema, Permission, UpstreamMatch } from '@switchboard/shared';
import type { z } from 'zod';
import { beginAudit, completeAudit, outcomeOf, reported } from '../audit-outcome';
import { ConsoleError } from '../errors';
import { sendUpstream } from '../upstream-call';
import { audit, entryOf } from './context';
import type { ProxyContext } from './context';
import { guardQuery, HiddenFieldError } from './hidden-fields';
import { snapshots } from './snapshots';
import { createdIdOf, objectPath, targetOf } from './targets';
import { bodyFor, validated } from './validate';

type BatchBody = z.infer<typeof batchRequestSchema>;
type Element = BatchBody['requests'][number];

interface Checked {
  index: number;
  element: Element;
  /** The path as forwarded: decoded, checked, encoded again. */
  path: string;
  /** The parameters as forwarded (a checked `where` re-serialized). */
  params: Record<string, unknown> | undefined;
  match: UpstreamMatch;
}

interface Problem {
  index: number;
  method: string;
  path: string;
  message: string;
  permission?: Permission;
}

const asQueryStrings = (params: Record<string, unknown> | undefined) =>
  Object.fromEntries(
    Object.entries(params ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );

/** Checks one element exactly as if it came alone: path, allowlist, permission, input. */
function check(ctx: ProxyContext, element: Element, index: number): Checked | Problem {
  const problem = (message: string, permission?: Permission): Problem => ({
    index,
    method: element.method,
    path: element.path,
    message,
    ...(permission ? { permission } : {}),
  });
  const segments = parseUpstreamPath(element.path);
  if (!segments) return problem('This path is not allowed.');
  const match = matchUpstreamRoute(element.method, `/${segments.join('/')}`);
  if (!match?.route.batchable) return problem('The console does not offer this operation in a batch.');
  const needed = permissionOf(match);
  if (needed === 'per-element' || !roleHas(ctx.role, needed)) {
    return problem(
      `It needs the "${String(needed)}" permission.`,
      needed === 'per-element' ? undefined : needed,
    );
  }
  let params = element.params;
  try {
    if (element.method === 'GET')
      validated(match.route.query, asQueryStrings(element.params), 'Invalid parameters.');
    bodyFor(match.route, element.body, `${element.method} ${match.route.path}`);
    if (params) params = guardQuery(ctx.role, params);
  } catch (e) {
    if (e instanceof HiddenFieldError) return problem(e.message, 'secrets.read');
    if (e instanceof ConsoleError) return problem(e.message);
    throw e;
  }
  return { index, element, path: `/${segments.map(encodeURIComponent).join('/')}`, params, match };
}

const isProblem = (c: Checked | Problem): c is Problem => 'message' in c;

/**
 * A batch is sent whole or not at all: every element is checked as a request of its own, and
 * one element the user may not send (or that is malformed) refuses the whole batch, so nothing
 * can be smuggled inside an allowed one; a refused batch is audited. Each write element gets its
 * own audit entry, written before the batch is sent and completed with the element's outcome.
 */
export async function runBatch(ctx: ProxyContext, body: BatchBody): Promise<unknown> {
  const checked = body.requests.map((el, i) => check(ctx, el, i));
  const problems = checked.filter(isProblem);
  const denied = problems.filter((p) => p.permission !== undefined);
  if (problems.length > 0) {
    await audit(ctx, {
      action: 'batch',
      summary: { elements: body.requests.length, refused: problems },
      result: 'denied',
      status: denied.length > 0 ? 403 : 400,
    });
  }
  if (denied.length > 0) {
    const first = denied[0] as Problem;
    throw new ConsoleError(
      403,
      'forbidden',
      `Nothing in this batch was sent: element ${first.index + 1} (${first.method} ${first.path}) needs the "${String(first.permission)}" permission, which your role in this app (${ctx.role}) does not have.`,
      problems,
    );
  }
  if (problems.length > 0) {
    const first = problems[0] as Problem;
    throw new ConsoleError(
      400,
      'validation_failed',
      `Nothing in this batch was sent: element ${first.index + 1} (${first.method} ${first.path}): ${first.message}`,
      problems,
    );
  }
  const elements = checked as Checked[];
  const writes = elements.filter((c) => c.match.route.action);
  const beforePaths = writes.map((c) => (c.element.method === 'POST' ? undefined : objectPath(c.match)));
  const before = await snapshotsOf(ctx, beforePaths);
  const ids = await beginAudit(
    ctx.sql,
    writes.map((c, i) =>
      entryOf(ctx, {
        action: c.match.route.action ?? 'write',
        target: targetOf(c.match),
        summary: {
          batch: { index: c.index, of: elements.length },
          method: c.element.method,
          path: c.path,
          body: c.element.body,
        },
        before: before[i],
      }),
    ),
  );
  let result: unknown;
  try {
    result = await sendUpstream(ctx.client, {
      method: 'POST',
      path: '/1.1/batch',
      query: {},
      body: {
        requests: elements.map((c) => ({
          method: c.element.method,
          path: c.path,
          ...(c.element.body !== undefined ? { body: c.element.body } : {}),
          ...(c.params !== undefined ? { params: c.params } : {}),
        })),
      },
    });
  } catch (e) {
    const outcome = outcomeOf(e);
    const status = e instanceof ConsoleError ? e.status : 500;
    await completeAudit(
      ctx.sql,
      ids.map((id) => ({ id, result: outcome, status })),
    );
    throw reported(e, outcome);
  }
  const outcomes = Array.isArray(result) ? (result as unknown[]) : [];
  const createdIds = writes.map((c) =>
    createdIdOf(c.element.method, (outcomes[c.index] as { success?: unknown } | undefined)?.success),
  );
  const after = await snapshotsOf(
    ctx,
    writes.map((c, i) =>
      c.element.method === 'DELETE'
        ? undefined
        : objectPath(c.match, createdIds[i] ?? c.match.params.objectId),
    ),
  );
  await completeAudit(
    ctx.sql,
    writes.map((c, i) => {
      const outcome = outcomes[c.index];
      const ok = isPlainObject(outcome) && 'success' in outcome;
      return {
        id: ids[i] ?? '',
        // An element the answer does not account for may or may not have been applied.
        result: ok ? 'ok' : isPlainObject(outcome) && 'error' in outcome ? 'error' : 'unknown',
        status: 200,
        target: targetOf(c.match, createdIds[i]),
        after: after[i],
        ...(ok ? {} : { error: isPlainObject(outcome) ? outcome.error : undefined }),
      };
    }),
  );
  return result;
}

/** Snapshots of the given paths (undefined entries stay undefined), in one upstream batch. */
async function snapshotsOf(ctx: ProxyContext, paths: (string | undefined)[]): Promise<unknown[]> {
  const wanted = paths.filter((p): p is string => p !== undefined);
  const found = await snapshots(ctx.client, wanted);
  let next = 0;
  return paths.map((p) => (p === undefined ? undefined : found[next++]));
}
