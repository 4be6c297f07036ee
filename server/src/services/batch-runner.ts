import { isTruthyFlag, LcCode } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { pgErrorCode } from '@switchboard/shared/sql';
import { databaseLimitError } from '../http/db-limits';
import { ApiError, badRequest, batchObjectMissing, ObjectMissingError } from '../http/errors';
import { checkRequestText } from '../http/request-text';
import type { ApiRouter } from '../http/router';
import type { ApiMethod, ApiRequest } from '../http/types';
import type { ApiObject } from './format';
import type { WriteService } from './objects';
import type { AccessResolver } from './access';

export type BatchElement = { success: unknown } | { error: { code: number; error: string } };

export interface BatchOp {
  method: ApiMethod;
  path: string;
  body?: unknown;
  params?: Record<string, unknown> | undefined;
}

/** Deadlocks and serialization failures: the whole batch is replayed from scratch. */
export const RETRYABLE = new Set(['40P01', '40001']);

/** "/classes/X?where=..." or "/1.1/classes/X": the element's path and its own query parameters. */
function target(path: string, params: Record<string, unknown> | undefined) {
  const [rawPath = '', qs = ''] = path.split('?', 2);
  const full = rawPath.startsWith('/1.1/') ? rawPath : `/1.1${rawPath.startsWith('/') ? '' : '/'}${rawPath}`;
  const query: Record<string, string> = Object.fromEntries(new URLSearchParams(qs));
  for (const [k, v] of Object.entries(params ?? {})) query[k] = typeof v === 'string' ? v : JSON.stringify(v);
  return { path: full, query };
}

const CREATE_RE = /^\/1\.1\/classes\/([A-Za-z][A-Za-z0-9_]*)\/?$/;

function asElement(e: unknown, log: (err: unknown) => void): BatchElement {
  const err =
    e instanceof ObjectMissingError
      ? batchObjectMissing(e.className, e.objectId)
      : (databaseLimitError(e) ?? e);
  if (!(err instanceof ApiError)) log(err);
  return {
    error:
      err instanceof ApiError
        ? { code: err.code, error: err.message }
        : { code: LcCode.Internal, error: 'Internal server error.' },
  };
}

/**
 * Runs a batch's operations in order inside one transaction, each under a savepoint so it
 * succeeds or fails on its own. Runs of creates in one class go in one INSERT; if that fails in
 * the database, the run is replayed one by one to find the culprit.
 */
export class BatchRunner {
  private savepoint = 0;

  constructor(
    private readonly router: ApiRouter,
    private readonly writes: WriteService,
    private readonly tx: Sql,
    private readonly req: ApiRequest,
    private readonly log: (err: unknown) => void,
    /** Who the batch's creates run as: class permissions apply to grouped creates too. */
    private readonly access?: AccessResolver,
  ) {}

  async run(ops: BatchOp[]): Promise<BatchElement[]> {
    const out: BatchElement[] = [];
    let i = 0;
    while (i < ops.length) {
      const run = this.createRun(ops, i);
      if (run.length > 1) {
        const grouped = await this.createGroup(run);
        if (grouped) {
          out.push(...grouped);
          i += run.length;
          continue;
        }
      }
      const op = ops[i];
      if (op) out.push(await this.one(op));
      i++;
    }
    return out;
  }

  /** The consecutive creates in one class, with the same query parameters, starting at `start`. */
  private createRun(
    ops: BatchOp[],
    start: number,
  ): { className: string; query: Record<string, string>; body: unknown }[] {
    const run: { className: string; query: Record<string, string>; body: unknown }[] = [];
    for (let j = start; j < ops.length; j++) {
      const op = ops[j];
      if (op?.method !== 'POST') break;
      const { path, query } = target(op.path, op.params);
      const className = CREATE_RE.exec(path)?.[1];
      const first = run[0];
      if (
        !className ||
        (first && (first.className !== className || JSON.stringify(first.query) !== JSON.stringify(query)))
      )
        break;
      run.push({ className, query, body: op.body ?? {} });
    }
    return run;
  }

  private async createGroup(run: { className: string; query: Record<string, string>; body: unknown }[]) {
    const [first] = run;
    if (!first) return undefined;
    const name = `g${this.savepoint++}`;
    await this.tx.exec(`SAVEPOINT ${name}`);
    try {
      const fetchWhenSave = isTruthyFlag(first.query.fetchWhenSave) || isTruthyFlag(first.query.new);
      const results = await this.writes.createMany(
        this.tx,
        first.className,
        run.map((r) => r.body),
        { fetchWhenSave, access: await this.access?.of(this.tx, this.req.auth) },
      );
      await this.tx.exec(`RELEASE SAVEPOINT ${name}`);
      return results.map((r: ApiObject | ApiError): BatchElement =>
        r instanceof ApiError ? asElement(r, this.log) : { success: r },
      );
    } catch (e) {
      await this.tx.exec(`ROLLBACK TO SAVEPOINT ${name}`);
      if (RETRYABLE.has(pgErrorCode(e) ?? '')) throw e;
      return undefined;
    }
  }

  private async one(op: BatchOp): Promise<BatchElement> {
    const { path, query } = target(op.path, op.params);
    const name = `b${this.savepoint++}`;
    await this.tx.exec(`SAVEPOINT ${name}`);
    try {
      if (/^\/1\.1\/batch\/?$/.test(path))
        throw badRequest(LcCode.InvalidParameter, 'A batch cannot contain another batch.');
      checkRequestText(path, query);
      const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : (op.body ?? {});
      const res = await this.router.dispatch({
        ...this.req,
        sql: this.tx,
        method: op.method,
        path,
        query,
        body,
        inBatch: true,
        toWire: false,
      });
      await this.tx.exec(`RELEASE SAVEPOINT ${name}`);
      return { success: res.body };
    } catch (e) {
      await this.tx.exec(`ROLLBACK TO SAVEPOINT ${name}`);
      if (RETRYABLE.has(pgErrorCode(e) ?? '')) throw e;
      return asElement(e, this.log);
    }
  }
}
