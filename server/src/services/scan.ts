import { createHmac, timingSafeEqual } from 'node:crypto';
import { LcCode } from '@switchboard/shared';
import type { Where } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { badRequest } from '../http/errors';
import type { Clock } from '../lib/clock';
import type { ClassRegistry } from '../store/classes';
import { fieldRef, sortExpr } from '../store/fields';
import { scanObjects } from '../store/scan';
import { MASTER } from './access';
import { buildFilter, parseWhere } from './filter';
import { guard } from './guard';
import { assertClassName } from './names';
import type { ReadService } from './reads';
import type { ApiObject } from './format';

/** Doc 1 Scan: "A cursor is valid 10 minutes." */
export const CURSOR_TTL_MS = 10 * 60_000;

interface CursorState {
  /** scan key, e.g. "objectId" or "-score" */
  k: string;
  /** last value seen */
  v: unknown;
  /** expiry, ms since the epoch (server clock) */
  e: number;
}

const FIELD_RE = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;

/**
 * Stateless cursors: the position is in the cursor itself, signed so it cannot be forged, so any
 * server process can continue any scan.
 */
export class ScanService {
  constructor(
    private readonly classes: ClassRegistry,
    private readonly reads: ReadService,
    private readonly clock: Clock,
    private readonly secret: string,
  ) {}

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }

  private encode(state: CursorState): string {
    const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  private decode(cursor: string, scanKey: string): CursorState {
    const [payload = '', sig = ''] = cursor.split('.');
    const expected = this.sign(payload);
    const valid = sig.length === expected.length && timingSafeEqual(Buffer.from(sig), Buffer.from(expected));
    if (!valid) throw badRequest(LcCode.InvalidParameter, 'Invalid scan cursor.');
    const state = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as CursorState;
    if (state.k !== scanKey)
      throw badRequest(LcCode.InvalidParameter, 'The cursor belongs to a scan with another scan_key.');
    if (this.clock.now().getTime() > state.e) {
      throw badRequest(
        LcCode.InvalidParameter,
        'The scan cursor has expired (cursors are valid for 10 minutes); start the scan again.',
      );
    }
    return state;
  }

  async scan(
    sql: Sql,
    className: string,
    q: {
      limit?: string | undefined;
      cursor?: string | undefined;
      where?: string | undefined;
      scan_key?: string | undefined;
      /** As for queries (Doc 1 ACL): a scan is master-only, so asking is enough. */
      returnACL?: string | undefined;
    },
  ): Promise<{ results: ApiObject[]; cursor: string | null }> {
    assertClassName(className, false);
    const scanKey = q.scan_key?.trim() || 'objectId';
    const desc = scanKey.startsWith('-');
    const field = desc ? scanKey.slice(1) : scanKey;
    if (!FIELD_RE.test(field)) throw badRequest(LcCode.InvalidParameter, `Invalid scan_key "${scanKey}".`);
    const n = q.limit === undefined || q.limit === '' ? 100 : Number(q.limit);
    const limit = Number.isInteger(n) && n >= 1 ? Math.min(n, 1000) : 100;
    const where: Where = parseWhere(q.where);
    if (where.clauses.some((c) => c.type === 'field' && c.field === field)) {
      throw badRequest(LcCode.InvalidParameter, `The scan_key field "${field}" cannot appear in where.`);
    }
    const after = q.cursor ? this.decode(q.cursor, scanKey) : undefined;
    if (!(await this.classes.exists(sql, className))) return { results: [], cursor: null };
    return guard(className, this.classes, async () => {
      const filter = await buildFilter(sql, this.classes, className, where);
      const ref = fieldRef(field, await this.classes.fields(sql, className));
      const rows = await scanObjects(sql, className, {
        filter,
        ref,
        key: sortExpr(ref),
        desc,
        after: after?.v,
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      const cursor =
        rows.length > limit && last
          ? this.encode({ k: scanKey, v: last.scan_key, e: this.clock.now().getTime() + CURSOR_TTL_MS })
          : null;
      return {
        results: await this.reads.shape(sql, className, page, { access: MASTER, returnACL: q.returnACL }),
        cursor,
      };
    });
  }
}
