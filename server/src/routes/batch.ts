import { batchRequestSchema, isPlainObject, LcCode } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { pgErrorCode } from '@switchboard/shared/sql';
import { ApiError, badRequest, batchObjectMissing, ObjectMissingError } from '../http/errors';
import type { ApiRouter } from '../http/router';
import type { ApiMethod, ApiRequest } from '../http/types';
import { parseInput } from '../http/validate';

type Element = { success: unknown } | { error: { code: number; error: string } };

/** "/classes/X?where=..." or "/1.1/classes/X": the element's path and its own query parameters. */
function target(path: string, params: Record<string, unknown> | undefined) {
  const [rawPath = '', qs = ''] = path.split('?', 2);
  const full = rawPath.startsWith('/1.1/') ? rawPath : `/1.1${rawPath.startsWith('/') ? '' : '/'}${rawPath}`;
  const query: Record<string, string> = Object.fromEntries(new URLSearchParams(qs));
  for (const [k, v] of Object.entries(params ?? {})) query[k] = typeof v === 'string' ? v : JSON.stringify(v);
  return { path: full, query };
}

/** Deadlocks and serialization failures are retried: the whole batch replays from scratch. */
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Doc 1 Batch: the operations run in order, in one transaction with a savepoint each, so one
 * commit serves the whole batch while each element still succeeds or fails on its own.
 */
export function batchRoutes(router: ApiRouter, log: (err: unknown) => void): void {
  const runElements = (
    req: ApiRequest,
    tx: Sql,
    requests: { method: ApiMethod; path: string; body?: unknown; params?: Record<string, unknown> }[],
  ) =>
    (async () => {
      const out: Element[] = [];
      for (const [i, r] of requests.entries()) {
        const { path, query } = target(r.path, r.params);
        await tx.exec(`SAVEPOINT b${i}`);
        try {
          if (/^\/1\.1\/batch\/?$/.test(path))
            throw badRequest(LcCode.InvalidParameter, 'A batch cannot contain another batch.');
          const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : (r.body ?? {});
          const res = await router.dispatch({
            ...req,
            sql: tx,
            method: r.method,
            path,
            query,
            body,
            inBatch: true,
          });
          await tx.exec(`RELEASE SAVEPOINT b${i}`);
          out.push({ success: res.body });
        } catch (e) {
          await tx.exec(`ROLLBACK TO SAVEPOINT b${i}`);
          if (pgErrorCode(e) && RETRYABLE.has(pgErrorCode(e) ?? '')) throw e;
          const err = e instanceof ObjectMissingError ? batchObjectMissing(e.className, e.objectId) : e;
          if (!(err instanceof ApiError)) log(err);
          out.push({
            error:
              err instanceof ApiError
                ? { code: err.code, error: err.message }
                : { code: LcCode.Internal, error: 'Internal server error.' },
          });
        }
      }
      return out;
    })();

  router.on('POST', '/1.1/batch', async (req) => {
    if (!isPlainObject(req.body))
      throw badRequest(LcCode.InvalidJson, 'Malformed json object. A json dictionary is expected.');
    const { requests } = parseInput(batchRequestSchema, req.body, 'batch body');
    for (let attempt = 1; ; attempt++) {
      try {
        return { body: await req.sql.transaction((tx) => runElements(req, tx, requests)) };
      } catch (e) {
        if (attempt >= 3 || !RETRYABLE.has(pgErrorCode(e) ?? '')) throw e;
      }
    }
  });
}
