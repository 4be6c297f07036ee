import { LcCode } from '@switchboard/shared';
import type { Where } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { ApiError, forbidden } from '../http/errors';
import type { Principal } from './access';
import type { ClassPolicy } from './class-policy';
import { isHiddenField } from './redact';
import type { SettingsService } from './settings';
import { installationFindForbidden } from '../push/installations/api';

/** LeanCloud's answer to a _User query while the class query permission is closed. */
export const userFindForbidden = () => forbidden("Forbidden to find by class '_User' permissions.");

type Use = 'filter on' | 'sort by' | 'select';

const hiddenFieldForbidden = (className: string, field: string, use: Use) =>
  new ApiError(
    403,
    LcCode.OperationForbidden,
    `Cannot ${use} '${field}' of class '${className}': only the master key may.`,
  );

/** What a query reads: the classes it finds, and the fields it filters, sorts or selects on. */
interface Reads {
  classes: Set<string>;
  fields: [className: string, field: string, use: Use][];
}

function readsOf(className: string, where: Where, out: Reads): Reads {
  for (const c of where.clauses) {
    if (c.type === 'and' || c.type === 'or') c.branches.forEach((b) => readsOf(className, b, out));
    if (c.type !== 'field') continue;
    out.fields.push([className, c.field, 'filter on']);
    for (const cond of c.conditions) {
      if (!('query' in cond)) continue;
      out.classes.add(cond.query.className);
      if ('key' in cond) out.fields.push([cond.query.className, cond.key, 'select']);
      readsOf(cond.query.className, cond.query.where, out);
    }
  }
  return out;
}

/** The fields of a Doc 1 `order` ("a,-b"); the store validates their names. */
const orderFields = (order: string | undefined) =>
  (order ?? '')
    .split(',')
    .map((s) => s.trim().replace(/^-/, ''))
    .filter(Boolean);

/**
 * One rule for every path that reads a class on a caller's behalf: a query, its sub-queries
 * ($inQuery, $notInQuery, $select, $dontSelect, nested in $or / $and), its order, a relation
 * query redirected to its target class, and the where of a conditional write. Without the master
 * key, _User is found only while the app setting opens it (Doc 1 User), and the fields only the
 * user and the master key see (redact.ts) are never filtered, sorted or selected on: each such
 * query would otherwise answer a guess about rows or values the caller cannot read.
 * Reading by id (get, include) follows the object's ACL and redact.ts instead, as Doc 1 Get does.
 */
export class ReadPolicy {
  constructor(
    private readonly settings: SettingsService,
    /** Class permissions (`find` of every class a query reads) and invisible columns. */
    private readonly classPolicy?: ClassPolicy,
  ) {}

  /** A query of `className` with its where and order. */
  async assertQuery(
    sql: Sql,
    who: Principal,
    className: string,
    where: Where,
    order: string | undefined,
  ): Promise<void> {
    if (who.master) return;
    const reads = readsOf(className, where, { classes: new Set([className]), fields: [] });
    for (const field of orderFields(order)) reads.fields.push([className, field, 'sort by']);
    await this.check(sql, who, reads);
  }

  /** The where of a conditional write on `className`: the write's own object is not a find. */
  async assertWhere(sql: Sql, who: Principal, className: string, where: Where): Promise<void> {
    if (who.master) return;
    await this.check(sql, who, readsOf(className, where, { classes: new Set(), fields: [] }));
  }

  /** The class permission first (the broader refusal), then the fields. */
  private async check(sql: Sql, who: Principal, reads: Reads): Promise<void> {
    if (reads.classes.has('_User') && !(await this.settings.get(sql)).userQueryOpen)
      throw userFindForbidden();
    // Doc 2 Installations: query "not available to client SDKs", sub-queries included.
    if (reads.classes.has('_Installation')) throw installationFindForbidden();
    for (const [cls, field, use] of reads.fields)
      if (isHiddenField(cls, field)) throw hiddenFieldForbidden(cls, field, use);
    if (!this.classPolicy) return;
    for (const cls of reads.classes) await this.classPolicy.assert(sql, who, cls, 'find');
    const hidden = new Map<string, string[]>();
    for (const [cls, field, use] of reads.fields) {
      if (!hidden.has(cls)) hidden.set(cls, await this.classPolicy.hiddenFor(sql, who, cls));
      if (hidden.get(cls)?.includes(field.split('.')[0] ?? '')) throw hiddenFieldForbidden(cls, field, use);
    }
  }
}
