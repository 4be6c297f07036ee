import {
  isBuiltinClass,
  isTruthyFlag,
  isValidClassName,
  LcCode,
  normalizeLimit,
  parseWhereParam,
  WhereError,
} from '@switchboard/shared';
import type { Where } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { pgErrorCode } from '@switchboard/shared/sql';
import { badRequest, classNotFound, conditionNotMet, objectNotFound } from '../http/errors';
import type { Clock } from '../lib/clock';
import { newObjectId } from '../lib/ids';
import type { ClassRegistry } from '../store/classes';
import {
  countObjects,
  deleteObjectRow,
  findObjects,
  insertObject,
  isMissingTable,
  selectObject,
  updateObjectRow,
} from '../store/objects';
import type { Filter, ObjectRow } from '../store/objects';
import { orderBySql } from '../store/order-sql';
import { Params } from '../store/params';
import { whereSql } from '../store/where-sql';
import { toApi } from './format';
import type { ApiObject } from './format';
import { expandIncludes, parseInclude } from './include';
import { parseKeys, project } from './project';
import { newFieldTypes } from './schema';
import { applyBody } from './write';

export interface ObjectServiceDeps {
  sql: Sql;
  classes: ClassRegistry;
  clock: Clock;
  /** App setting of Doc 1: queries may return ACLs when asked (`returnACL=true`). */
  returnAclAllowed: boolean;
}

export interface ReadOptions {
  keys?: string | undefined;
  include?: string | undefined;
  returnACL?: string | undefined;
  master: boolean;
}

export interface QueryOptions extends ReadOptions {
  where?: string | undefined;
  order?: string | undefined;
  limit?: string | undefined;
  skip?: string | undefined;
  count?: string | undefined;
}

export function assertClassName(name: string, creating: boolean): void {
  if (!isValidClassName(name)) {
    throw badRequest(
      LcCode.InvalidClassName,
      `Invalid class name '${name}'. Class names start with a letter; letters, digits and underscore are the only valid characters.`,
    );
  }
  if (creating && isBuiltinClass(name)) {
    throw badRequest(
      LcCode.OperationForbidden,
      `The built-in class ${name} is written through its own endpoints.`,
    );
  }
}

function parseWhere(raw: string | undefined): Where {
  if (raw === undefined || raw === '') return { clauses: [] };
  try {
    return parseWhereParam(raw);
  } catch (e) {
    if (e instanceof WhereError) throw badRequest(LcCode.InvalidParameter, `Invalid where: ${e.message}.`);
    throw e;
  }
}

function filterOf(where: Where): Filter {
  const params = new Params();
  return { sql: whereSql(where, params), params };
}

/** Maps database errors a client can cause to 4xx; the rest propagate as 500s. */
async function guard<T>(className: string, classes: ClassRegistry, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isMissingTable(e)) {
      classes.forget(className);
      throw classNotFound();
    }
    if (pgErrorCode(e) === '2201B')
      throw badRequest(LcCode.InvalidParameter, 'Invalid regular expression in $regex.');
    throw e;
  }
}

export class ObjectService {
  constructor(private readonly deps: ObjectServiceDeps) {}

  private withAcl(opts: ReadOptions): boolean {
    return isTruthyFlag(opts.returnACL) && (this.deps.returnAclAllowed || opts.master);
  }

  private async shape(rows: ObjectRow[], opts: ReadOptions): Promise<ApiObject[]> {
    const withAcl = this.withAcl(opts);
    const objects = rows.map((r) => toApi(r, { withAcl }));
    const include = parseInclude(opts.include);
    if (include.size > 0) await expandIncludes(this.deps.sql, this.deps.classes, objects, include);
    const keys = parseKeys(opts.keys);
    return keys.include || keys.exclude.length ? objects.map((o) => project(o, keys)) : objects;
  }

  /** Records new field types (throws 111 on a conflict with a known type). */
  private async recordFields(sql: Sql, className: string, data: Record<string, unknown>, changed: string[]) {
    const known = (await this.deps.classes.fields(sql, className)) ?? {};
    const add = newFieldTypes(known, data, changed);
    if (Object.keys(add).length === 0) return;
    const merged = await this.deps.classes.addFields(sql, className, add);
    // Another writer may have recorded one of these fields with another type meanwhile.
    newFieldTypes(merged, data, changed);
  }

  async create(className: string, body: unknown, opts: { fetchWhenSave: boolean }): Promise<ApiObject> {
    assertClassName(className, true);
    const { data, acl, changed } = applyBody({}, body);
    const { sql, classes, clock } = this.deps;
    await classes.ensure(sql, className);
    const now = clock.now();
    const row: ObjectRow = { id: newObjectId(now), created_at: now, updated_at: now, acl: acl ?? null, data };
    await guard(className, classes, async () => {
      await this.recordFields(sql, className, data, changed);
      await insertObject(sql, className, row);
    });
    return opts.fetchWhenSave ? toApi(row) : { objectId: row.id, createdAt: now.toISOString() };
  }

  async get(className: string, id: string, opts: ReadOptions): Promise<ApiObject> {
    assertClassName(className, false);
    const { sql, classes } = this.deps;
    if (!(await classes.exists(sql, className))) throw classNotFound();
    const row = await guard(className, classes, () => selectObject(sql, className, id));
    if (!row) return {};
    const [shaped] = await this.shape([row], opts);
    return shaped ?? {};
  }

  async update(
    className: string,
    id: string,
    body: unknown,
    opts: { where?: string | undefined; fetchWhenSave: boolean },
  ): Promise<ApiObject> {
    assertClassName(className, true);
    const filter = opts.where ? filterOf(parseWhere(opts.where)) : undefined;
    const { sql, classes, clock } = this.deps;
    if (!(await classes.exists(sql, className))) throw classNotFound();
    return guard(className, classes, () =>
      sql.transaction(async (tx) => {
        const current = await selectObject(tx, className, id, { filter, forUpdate: true });
        if (!current) {
          if (filter && (await selectObject(tx, className, id))) throw conditionNotMet();
          throw objectNotFound();
        }
        const { data, acl, changed } = applyBody(current.data, body);
        await this.recordFields(tx, className, data, changed);
        const updatedAt = clock.now();
        await updateObjectRow(tx, className, {
          id,
          data,
          acl: acl === undefined ? current.acl : acl,
          updated_at: updatedAt,
        });
        const out: ApiObject = { objectId: id, updatedAt: updatedAt.toISOString() };
        if (opts.fetchWhenSave) for (const k of changed) if (k in data) out[k] = data[k];
        return out;
      }),
    );
  }

  async delete(className: string, id: string, opts: { where?: string | undefined }): Promise<ApiObject> {
    assertClassName(className, true);
    const filter = opts.where ? filterOf(parseWhere(opts.where)) : undefined;
    const { sql, classes } = this.deps;
    if (!(await classes.exists(sql, className))) throw classNotFound();
    await guard(className, classes, async () => {
      const gone = await deleteObjectRow(sql, className, id, filter);
      if (!gone && filter && (await selectObject(sql, className, id))) throw conditionNotMet();
    });
    return {};
  }

  async query(className: string, q: QueryOptions): Promise<{ results: ApiObject[]; count?: number }> {
    assertClassName(className, false);
    const countWanted = isTruthyFlag(q.count);
    const limit = normalizeLimit(q.limit, countWanted);
    const skip = q.skip === undefined || q.skip === '' ? 0 : Number(q.skip);
    if (!Number.isInteger(skip) || skip < 0) {
      throw badRequest(LcCode.InvalidParameter, 'skip must be a non-negative integer.');
    }
    const filter = filterOf(parseWhere(q.where));
    const orderBy = orderBySql(q.order);
    const { sql, classes } = this.deps;
    if (!(await classes.exists(sql, className)))
      return countWanted ? { results: [], count: 0 } : { results: [] };
    return guard(className, classes, async () => {
      const rows = limit > 0 ? await findObjects(sql, className, { filter, orderBy, limit, skip }) : [];
      const results = await this.shape(rows, q);
      if (!countWanted) return { results };
      return { results, count: await countObjects(sql, className, filter) };
    });
  }
}
