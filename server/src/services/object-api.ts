import { getParamsSchema, isTruthyFlag, queryParamsSchema, writeParamsSchema } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { parseInput } from '../http/validate';
import type { ObjectRow } from '../store/objects';
import type { ApiRequest } from '../http/types';
import type { AccessResolver, Principal } from './access';
import { created } from './class-api';
import type { ClassApi } from './class-api';
import type { UpdateHooks, WriteService } from './objects';
import type { ReadService } from './reads';

export interface ObjectApiDeps {
  reads: ReadService;
  writes: WriteService;
  access: AccessResolver;
}

/** A built-in class's `create` permission (the master key passes; no permission set is everyone's). */
export async function assertCreatePermission(
  deps: ObjectApiDeps,
  sql: Sql,
  who: Principal,
  className: string,
): Promise<void> {
  await deps.writes.classPolicy?.assert(sql, who, className, 'create');
}

/** `fetchWhenSave=true`, or `new=true` as the SDK sends it: answer with the saved fields. */
export const wantsObject = (q: { fetchWhenSave?: string | undefined; new?: string | undefined }) =>
  isTruthyFlag(q.fetchWhenSave) || isTruthyFlag(q.new);

/** Doc 1 Objects for one class: create, get, query, update, delete under the reader's ACL. */
export class ObjectApi implements ClassApi {
  constructor(
    protected readonly deps: ObjectApiDeps,
    readonly className: string,
    readonly path = `/1.1/classes/${className}`,
  ) {}

  protected principal(req: ApiRequest) {
    return this.deps.access.of(req.sql, req.auth);
  }

  /**
   * The class's `create` permission for a built-in class whose create does not go through the
   * generic path (sign-up, roles, file records): checked before any other work, as LeanCloud did.
   */
  protected assertCreate(sql: Sql, who: Principal): Promise<void> {
    return assertCreatePermission(this.deps, sql, who, this.className);
  }

  async create(req: ApiRequest) {
    const q = parseInput(writeParamsSchema, req.query, 'query parameters');
    const body = await this.deps.writes.create(req.sql, this.className, req.body, {
      fetchWhenSave: wantsObject(q),
      access: await this.principal(req),
    });
    return created(this, req, body);
  }

  async query(req: ApiRequest) {
    const q = parseInput(queryParamsSchema, req.query, 'query parameters');
    const access = await this.principal(req);
    const opts = { ...q, access, baseUrl: req.baseUrl };
    const { reads } = this.deps;
    return {
      body: req.toWire
        ? await reads.queryJson(req.sql, this.className, opts)
        : await reads.query(req.sql, this.className, opts),
    };
  }

  async get(req: ApiRequest, id: string) {
    const q = parseInput(getParamsSchema, req.query, 'query parameters');
    const access = await this.principal(req);
    const found = await this.deps.reads.get(req.sql, this.className, id, {
      ...q,
      access,
      baseUrl: req.baseUrl,
    });
    // Doc 1 Get: an unknown id in an ordinary class is 200 {}; inside a batch LeanCloud says null.
    return { body: found ?? (req.inBatch ? null : {}) };
  }

  async update(req: ApiRequest, id: string, hooks?: UpdateHooks) {
    const q = parseInput(writeParamsSchema, req.query, 'query parameters');
    const access = await this.principal(req);
    const body = await this.deps.writes.update(req.sql, this.className, id, req.body, {
      where: q.where,
      fetchWhenSave: wantsObject(q),
      access,
      hooks,
    });
    return { body };
  }

  async delete(req: ApiRequest, ids: string[], after?: (tx: Sql, gone: ObjectRow[]) => Promise<void>) {
    const q = parseInput(writeParamsSchema, req.query, 'query parameters');
    const access = await this.principal(req);
    return {
      body: await this.deps.writes.delete(req.sql, this.className, ids, { where: q.where, access, after }),
    };
  }
}
