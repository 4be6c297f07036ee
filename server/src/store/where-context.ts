import type { ClassFields } from './classes';
import type { Params } from './params';

/** What translating a where clause needs: parameters, and the field types of each class involved. */
export interface WhereContext {
  params: Params;
  className: string;
  /** Field types of a class, undefined when the class does not exist (preloaded: translation is synchronous). */
  fieldsOf(className: string): ClassFields | undefined;
  /** True when `field` leads one of the class's btree indexes (preloaded, like the fields). */
  indexLeads?(className: string, field: string): boolean;
  /** The first top-level $nearSphere: results are ordered by distance from it unless `order` says otherwise. */
  near?: NearOrder | undefined;
  /** True while translating inside $or/$and/sub-queries, where $nearSphere does not order. */
  nested: boolean;
  /** The reader's ACL keys: sub-queries only see rows they may read. undefined: master key. */
  readKeys?: readonly string[] | undefined;
  /**
   * Set on PGlite, whose engine runs in this thread and cannot interrupt a statement: every $regex
   * evaluation first checks the statement's time limit (deadlineMs, when there is one) and the
   * length of the text it would scan (store/regex-sql.ts). Postgres enforces its own limit.
   */
  regexGuard?: { deadlineMs?: number | undefined } | undefined;
}

export interface NearOrder {
  path: string[];
  latitude: number;
  longitude: number;
}
