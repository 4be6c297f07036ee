import { isTruthyFlag, normalizeLimit } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { LcCode } from '@switchboard/shared';
import { badRequest, classNotFound } from '../http/errors';
import type { ClassRegistry } from '../store/classes';
import { countObjects, findObjects, selectObject } from '../store/objects';
import type { ObjectRow } from '../store/objects';
import { parseOrder } from '../store/order-sql';
import { buildFilter, parseWhere } from './filter';
import { toApi } from './format';
import { holdsFileValue, toApiText } from './format-text';
import { RawJson } from '../http/raw-json';
import { parseObjectText } from '../store/object-text';
import type { ObjectText } from '../store/object-text';
import type { ApiObject } from './format';
import { guard } from './guard';
import { expandIncludes, parseInclude } from './include';
import { expandFileValues } from './files/expand';
import { assertClassName } from './names';
import { parseKeys, project } from './project';
import { redact, redacts } from './redact';
import { aclKeys } from './access';
import type { Principal } from './access';
import { aclCondition } from '../store/acl-sql';
import { Params } from '../store/params';
import type { ReadPolicy } from './read-policy';
import type { ClassPolicy } from './class-policy';

export interface ReadOptions {
  keys?: string | undefined;
  include?: string | undefined;
  returnACL?: string | undefined;
  access: Principal;
  /** The server's public URL: when set, File values come back expanded with their url. */
  baseUrl?: string | undefined;
}

export interface QueryOptions extends ReadOptions {
  where?: string | undefined;
  order?: string | undefined;
  limit?: string | undefined;
  skip?: string | undefined;
  count?: string | undefined;
  /** The SDK's relation query on an unfetched object: query the relation's target class instead. */
  redirectClassNameForKey?: string | undefined;
}

/** A query's answer: the page, the count when asked for, the class when a relation redirected it. */
export interface QueryAnswer {
  results: ApiObject[];
  count?: number;
  className?: string;
}

function answer(results: ApiObject[], count: number | undefined, className: string | undefined): QueryAnswer {
  const out: QueryAnswer = { results };
  if (count !== undefined) out.count = count;
  if (className !== undefined) out.className = className;
  return out;
}

/** Get and query (Doc 1 Objects: Get, Query). */
export class ReadService {
  constructor(
    private readonly classes: ClassRegistry,
    /** App setting of Doc 1: queries may return ACLs when asked (`returnACL=true`). */
    private readonly returnAclAllowed: boolean,
    private readonly policy: ReadPolicy,
    private readonly classPolicy?: ClassPolicy,
  ) {}

  /** Rows as the API returns them: ACL when allowed, includes expanded, keys applied. */
  async shape(sql: Sql, className: string, rows: ObjectRow[], opts: ReadOptions): Promise<ApiObject[]> {
    const withAcl = this.withAcl(opts);
    // The rows were read for this answer alone: their data objects become the answer.
    const objects = rows.map((r) => redact(className, toApi(r, { withAcl, owned: true }), opts.access));
    await this.classPolicy?.strip(sql, opts.access, className, objects);
    const include = parseInclude(opts.include);
    if (include.size > 0)
      await expandIncludes(sql, this.classes, objects, include, opts.access, this.classPolicy);
    const keys = parseKeys(opts.keys);
    const out = keys.include || keys.exclude.length ? objects.map((o) => project(o, keys)) : objects;
    return opts.baseUrl === undefined ? out : expandFileValues(sql, out, opts.baseUrl, opts.access);
  }

  /** One object, or undefined when the id is unknown in an existing class. */
  async get(sql: Sql, className: string, id: string, opts: ReadOptions): Promise<ApiObject | undefined> {
    assertClassName(className, false);
    if (!(await this.classes.exists(sql, className))) throw classNotFound();
    await this.classPolicy?.assert(sql, opts.access, className, 'get');
    const row = await guard(className, this.classes, () => {
      const params = new Params();
      const filter = { sql: aclCondition(params, aclKeys(opts.access), 'read'), params };
      return selectObject(sql, className, id, { filter });
    });
    // An object the ACL hides answers like a missing one: its existence is not disclosed.
    if (!row) return undefined;
    return (await this.shape(sql, className, [row], opts))[0];
  }

  async query(sql: Sql, requested: string, q: QueryOptions): Promise<QueryAnswer> {
    const { className, rows, count } = await this.rows(sql, requested, q);
    const results = await this.shape(sql, className, rows.map(parseObjectText), q);
    return answer(results, count, className === requested ? undefined : className);
  }

  /**
   * The same answer as `query`, as JSON text when nothing about it needs the objects in hand
   * (no includes, keys, hidden fields, credentials or File values to expand): then each object is
   * spliced from the stored texts, which is most of a query's cost in this process otherwise.
   */
  async queryJson(sql: Sql, requested: string, q: QueryOptions): Promise<RawJson | QueryAnswer> {
    const { className, rows, count } = await this.rows(sql, requested, q);
    const redirected = className === requested ? undefined : className;
    if (!(await this.needsObjects(sql, className, rows, q))) {
      const withAcl = this.withAcl(q);
      const results = rows.map((r) => toApiText(r, withAcl));
      const tail =
        (count === undefined ? '' : `,"count":${count}`) +
        (redirected === undefined ? '' : `,"className":${JSON.stringify(redirected)}`);
      return new RawJson(`{"results":[${results.join(',')}]${tail}}`);
    }
    const results = await this.shape(sql, className, rows.map(parseObjectText), q);
    return answer(results, count, redirected);
  }

  /** Whether answering these rows takes more than their stored texts (see queryJson). */
  private async needsObjects(sql: Sql, className: string, rows: ObjectText[], q: ReadOptions) {
    if (redacts(className)) return true;
    if (parseInclude(q.include).size > 0) return true;
    const keys = parseKeys(q.keys);
    if (keys.include || keys.exclude.length) return true;
    if (q.baseUrl !== undefined && rows.some(holdsFileValue)) return true;
    return ((await this.classPolicy?.hiddenFor(sql, q.access, className))?.length ?? 0) > 0;
  }

  private withAcl(opts: ReadOptions): boolean {
    return isTruthyFlag(opts.returnACL) && (this.returnAclAllowed || opts.access.master);
  }

  private async rows(
    sql: Sql,
    requested: string,
    q: QueryOptions,
  ): Promise<{ className: string; rows: ObjectText[]; count?: number }> {
    assertClassName(requested, false);
    const className = await this.redirect(sql, requested, q.redirectClassNameForKey);
    return { className, ...(await this.page(sql, className, q)) };
  }

  /** The target class of `key` when it is a relation field of `className` (else className itself). */
  private async redirect(sql: Sql, className: string, key: string | undefined): Promise<string> {
    if (!key) return className;
    const field = (await this.classes.fields(sql, className))?.[key];
    return field?.type === 'Relation' && field.className ? field.className : className;
  }

  private async page(
    sql: Sql,
    className: string,
    q: QueryOptions,
  ): Promise<{ rows: ObjectText[]; count?: number }> {
    const countWanted = isTruthyFlag(q.count);
    const limit = normalizeLimit(q.limit, countWanted);
    const skip = q.skip === undefined || q.skip === '' ? 0 : Number(q.skip);
    if (!Number.isInteger(skip) || skip < 0) {
      throw badRequest(LcCode.InvalidParameter, 'skip must be a non-negative integer.');
    }
    const where = parseWhere(q.where);
    // After the redirect: a relation query of _User is a _User query.
    await this.policy.assertQuery(sql, q.access, className, where, q.order);
    if (!(await this.classes.exists(sql, className)))
      return countWanted ? { rows: [], count: 0 } : { rows: [] };
    return guard(className, this.classes, async () => {
      const filter = await buildFilter(sql, this.classes, className, where, aclKeys(q.access));
      const order = parseOrder(q.order, await this.classes.fields(sql, className));
      const rows = limit > 0 ? await findObjects(sql, className, { filter, order, limit, skip }) : [];
      if (!countWanted) return { rows };
      return { rows, count: await countObjects(sql, className, filter) };
    });
  }
}
