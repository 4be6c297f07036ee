import { mapLimit } from './pool';
import { isPlainObject } from '@switchboard/shared';
import { parseSchemaDoc } from './schema-file';
import { parseSchemaChanges } from './schema-options';
import type { SchemaChange } from './schema-options';
import type { SchemaMap } from './schema-file';
import { TargetError } from './target';
import type { FetchLike, TargetConfig } from './target';

type Obj = Record<string, unknown>;

/** Reads a LeanCloud app (or any compatible server) with its master key, as its REST API allows. */
export class LiveClient {
  private readonly base: string;

  /** `signal` aborts every request in flight and refuses further ones (a cancelled copy). */
  constructor(
    private readonly cfg: TargetConfig,
    private readonly signal?: AbortSignal,
    private readonly fetcher: FetchLike = fetch,
  ) {
    this.base = cfg.baseUrl.replace(/\/+$/, '');
  }

  private async get(path: string, query: Record<string, unknown> = {}): Promise<Obj> {
    const qs = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [
        k,
        typeof v === 'string' ? v : JSON.stringify(v),
      ]),
    ).toString();
    let res: Response;
    try {
      res = await this.fetcher(`${this.base}${path}${qs ? `?${qs}` : ''}`, {
        headers: { 'X-LC-Id': this.cfg.appId, 'X-LC-Key': `${this.cfg.masterKey},master` },
        ...(this.signal ? { signal: this.signal } : {}),
      });
    } catch (e) {
      this.signal?.throwIfAborted();
      throw new TargetError(`Cannot reach ${this.base}: ${(e as Error).message}`);
    }
    const text = await res.text();
    let body: Obj = {};
    try {
      body = JSON.parse(text) as Obj;
    } catch {
      // Reported below with the start of the text.
    }
    if (!res.ok)
      throw new TargetError(
        `${res.status} from the source for ${path}: ${typeof body.error === 'string' ? body.error : text.slice(0, 200)}`,
        res.status,
      );
    return body;
  }

  async schemas(): Promise<SchemaMap> {
    return parseSchemaDoc(await this.get('/1.1/schemas'));
  }

  /**
   * The class permissions and column options of the source's classes. Column options come with
   * GET /1.1/schemas; class permissions where the source gives them, in the schema document or at
   * GET /1.1/schemas/<className>/permissions (Switchboard). A source refusing that path (4xx)
   * has none to give: the target then keeps its default, everyone.
   */
  async schemaChanges(classNames: Iterable<string>): Promise<Map<string, SchemaChange>> {
    const changes = parseSchemaChanges(await this.get('/1.1/schemas'));
    for (const className of classNames) {
      if (changes.get(className)?.permissions) continue;
      const body = await this.get(`/1.1/schemas/${encodeURIComponent(className)}/permissions`).catch(
        (e: unknown) => {
          if (e instanceof TargetError && e.status !== undefined && e.status >= 400 && e.status < 500)
            return undefined;
          throw e;
        },
      );
      const permissions = body?.permissions;
      if (!isPlainObject(permissions) || Object.keys(permissions).length === 0) continue;
      changes.set(className, { ...changes.get(className), permissions });
    }
    return changes;
  }

  async count(className: string): Promise<number> {
    const body = await this.get(`/1.1/classes/${className}`, { count: '1', limit: '0' });
    return typeof body.count === 'number' ? body.count : 0;
  }

  /** One page of the scan API (limit 1000). */
  async scan(className: string, cursor: string | undefined) {
    const query: Record<string, unknown> = { limit: '1000' };
    if (cursor) query.cursor = cursor;
    const body = await this.get(`/1.1/scan/classes/${className}`, query);
    return {
      results: (Array.isArray(body.results) ? body.results : []) as Obj[],
      cursor: typeof body.cursor === 'string' && body.cursor !== '' ? body.cursor : undefined,
    };
  }

  /**
   * What the scan API leaves out of a page of objects, by objectId: the ACL, which a query with
   * returnACL gives (Doc 1 ACL: with the master key, or where the app allows returning ACLs), and
   * for _File the url, which a server may compute on reads rather than store.
   */
  async extras(className: string, ids: string[]): Promise<Map<string, { ACL?: unknown; url?: unknown }>> {
    const out = new Map<string, { ACL?: unknown; url?: unknown }>();
    // A hundred ids a request keep the query string well under servers' 8 to 16 KB limits.
    const chunks: string[][] = [];
    for (let i = 0; i < ids.length; i += 100) chunks.push(ids.slice(i, i + 100));
    const pages = await mapLimit(chunks, 4, (chunk) =>
      this.get(`/1.1/classes/${className}`, {
        where: { objectId: { $in: chunk } },
        keys: className === '_File' ? 'objectId,url' : 'objectId',
        returnACL: 'true',
        limit: '1000',
      }),
    );
    for (const body of pages)
      for (const o of (Array.isArray(body.results) ? body.results : []) as Obj[]) {
        const extra: { ACL?: unknown; url?: unknown } = {};
        if (o.ACL !== undefined) extra.ACL = o.ACL;
        if (className === '_File' && typeof o.url === 'string') extra.url = o.url;
        out.set(String(o.objectId), extra);
      }
    if (className === '_File') {
      // A server computing urls on reads (Switchboard does) gives them on a fetch by id only.
      const missing = [...out].filter(([, e]) => e.url === undefined).map(([id]) => id);
      await mapLimit(missing, 4, async (id) => {
        const one = await this.get(`/1.1/files/${encodeURIComponent(id)}`);
        const extra = out.get(id);
        if (extra && typeof one.url === 'string') extra.url = one.url;
      });
    }
    return out;
  }

  /**
   * The objects of a class matching `where`, with only `keys`, a thousand at a time in objectId
   * order (the query API's largest page; ordering by objectId resumes after the last one without
   * skip).
   */
  async *pages(className: string, where: Obj = {}, keys = 'objectId'): AsyncGenerator<Obj[]> {
    let last: string | undefined;
    for (;;) {
      const body = await this.get(`/1.1/classes/${className}`, {
        where: last === undefined ? where : { ...where, objectId: { $gt: last } },
        keys,
        order: 'objectId',
        limit: '1000',
      });
      const page = (Array.isArray(body.results) ? body.results : []) as Obj[];
      if (page.length > 0) yield page;
      if (page.length < 1000) return;
      last = String(page.at(-1)?.objectId);
    }
  }

  /** Every objectId of a class matching `where`, a page at a time. */
  async *ids(className: string, where: Obj = {}): AsyncGenerator<string[]> {
    for await (const page of this.pages(className, where)) yield page.map((o) => String(o.objectId));
  }

  /** The owners whose relation `field` holds the object `relatedClass`/`relatedId`. */
  async *owners(ownerClass: string, field: string, relatedClass: string, relatedId: string) {
    yield* this.ids(ownerClass, {
      [field]: { __type: 'Pointer', className: relatedClass, objectId: relatedId },
    });
  }

  /** The ids of the members of one object's relation field. */
  async relationMembers(
    ownerClass: string,
    ownerId: string,
    field: string,
    relatedClass: string,
  ): Promise<string[]> {
    const ids: string[] = [];
    for (let skip = 0; ; skip += 1000) {
      const body = await this.get(`/1.1/classes/${relatedClass}`, {
        where: {
          $relatedTo: { object: { __type: 'Pointer', className: ownerClass, objectId: ownerId }, key: field },
        },
        keys: 'objectId',
        limit: '1000',
        skip: String(skip),
      });
      const page = (Array.isArray(body.results) ? body.results : []) as Obj[];
      ids.push(...page.map((o) => String(o.objectId)));
      if (page.length < 1000) return ids;
    }
  }
}
