import { mapLimit } from './pool';
import { parseSchemaDoc } from './schema-file';
import type { SchemaMap } from './schema-file';
import { TargetError } from './target';
import type { TargetConfig } from './target';

type Obj = Record<string, unknown>;

/** Reads a LeanCloud app (or any compatible server) with its master key, as its REST API allows. */
export class LiveClient {
  private readonly base: string;

  constructor(private readonly cfg: TargetConfig) {
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
      res = await fetch(`${this.base}${path}${qs ? `?${qs}` : ''}`, {
        headers: { 'X-LC-Id': this.cfg.appId, 'X-LC-Key': `${this.cfg.masterKey},master` },
      });
    } catch (e) {
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
      );
    return body;
  }

  async schemas(): Promise<SchemaMap> {
    return parseSchemaDoc(await this.get('/1.1/schemas'));
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
   * The ACLs of a page of objects: the scan API does not return them, a query with returnACL does
   * (Doc 1 ACL: with the master key, or where the app allows returning ACLs).
   */
  async acls(className: string, ids: string[]): Promise<Map<string, unknown>> {
    const out = new Map<string, unknown>();
    // A hundred ids a request keep the query string well under servers' 8 to 16 KB limits.
    const chunks: string[][] = [];
    for (let i = 0; i < ids.length; i += 100) chunks.push(ids.slice(i, i + 100));
    const pages = await mapLimit(chunks, 4, (chunk) =>
      this.get(`/1.1/classes/${className}`, {
        where: { objectId: { $in: chunk } },
        keys: 'objectId',
        returnACL: 'true',
        limit: '1000',
      }),
    );
    for (const body of pages)
      for (const o of (Array.isArray(body.results) ? body.results : []) as Obj[])
        if (o.ACL !== undefined) out.set(String(o.objectId), o.ACL);
    return out;
  }

  /**
   * Every objectId of a class matching `where`, a thousand at a time in objectId order (the query
   * API's largest page; ordering by objectId resumes after the last one without skip).
   */
  async *ids(className: string, where: Obj = {}): AsyncGenerator<string[]> {
    let last: string | undefined;
    for (;;) {
      const body = await this.get(`/1.1/classes/${className}`, {
        where: last === undefined ? where : { ...where, objectId: { $gt: last } },
        keys: 'objectId',
        order: 'objectId',
        limit: '1000',
      });
      const page = ((Array.isArray(body.results) ? body.results : []) as Obj[]).map((o) =>
        String(o.objectId),
      );
      if (page.length > 0) yield page;
      if (page.length < 1000) return;
      last = page.at(-1);
    }
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
