import type { GenQuery } from './query-arbitraries';

/**
 * Writes a query of the `where` language (as query-arbitraries.ts generates them, placeholders
 * resolved) as a CQL statement, for the CQL property test. It works in the opposite direction of
 * the server's translation (src/cql), from the LeanCloud guide's forms, so the two are independent.
 */

export interface RenderChoices {
  /** Whether the n-th value is sent as a `?` placeholder (in pvalues) rather than written inline. */
  placeholder: (n: number) => boolean;
  /** Whether the n-th order key is written `score desc` rather than `-score`. */
  orderWords: (n: number) => boolean;
}

export interface RenderedCql {
  cql: string;
  pvalues: unknown[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isOperators = (v: unknown): v is Obj =>
  isObj(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => k.startsWith('$'));

const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;

function literal(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return quote(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(literal).join(', ')}]`;
  if (!isObj(v)) throw new Error(`cannot write ${typeof v} in CQL`);
  if (v.__type === 'Date') return `date(${quote(String(v.iso))})`;
  if (v.__type === 'Pointer') return `pointer(${quote(String(v.className))}, ${quote(String(v.objectId))})`;
  return `{${Object.entries(v)
    .map(([k, x]) => `${k}: ${literal(x)}`)
    .join(', ')}}`;
}

const COMPARISONS: Record<string, string> = { $ne: '!=', $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' };

class Writer {
  readonly pvalues: unknown[] = [];
  private values = 0;
  constructor(private readonly choices: RenderChoices) {}

  value(v: unknown): string {
    if (!this.choices.placeholder(this.values++)) return literal(v);
    this.pvalues.push(v);
    return '?';
  }

  list(values: unknown): string {
    const items = values as unknown[];
    // A whole list may be one placeholder too (`in ?` with an array value).
    if (this.choices.placeholder(this.values++)) {
      this.pvalues.push(items);
      return '?';
    }
    return `(${items.map((i) => this.value(i)).join(', ')})`;
  }

  operators(field: string, ops: Obj): string[] {
    const out: string[] = [];
    for (const [op, v] of Object.entries(ops)) {
      const cmp = COMPARISONS[op];
      if (cmp) out.push(`${field} ${cmp} ${this.value(v)}`);
      else if (op === '$in') out.push(`${field} in ${this.list(v)}`);
      else if (op === '$nin') out.push(`${field} not in ${this.list(v)}`);
      else if (op === '$all') out.push(`${field} all ${this.list(v)}`);
      else if (op === '$exists') out.push(`${field} is ${v ? '' : 'not '}exists`);
      else if (op === '$size') out.push(`size(${field}) = ${this.value(v)}`);
      else if (op === '$regex') {
        const flags = typeof ops.$options === 'string' && ops.$options ? `(?${ops.$options})` : '';
        out.push(`${field} regexp ${this.value(`${flags}${String(v)}`)}`);
      } else if (op !== '$options') throw new Error(`no CQL form for ${op}`);
    }
    return out;
  }

  /** A where object as a condition; an empty one (matches all) as a condition every object meets. */
  where(w: Obj): string {
    const parts: string[] = [];
    for (const [key, v] of Object.entries(w)) {
      if (key === '$or' || key === '$and') {
        const joiner = key === '$or' ? ' or ' : ' and ';
        parts.push(`(${(v as Obj[]).map((b) => `(${this.where(b)})`).join(joiner)})`);
      } else if (isOperators(v)) parts.push(...this.operators(key, v));
      else parts.push(`${key} = ${this.value(v)}`);
    }
    return parts.length ? parts.join(' and ') : 'objectId is exists';
  }

  order(order: string): string {
    const keys = order.split(',').map((k, i) => {
      const desc = k.startsWith('-');
      const name = desc ? k.slice(1) : k;
      // Every key carries its direction: a bare key would take the trailing asc / desc.
      if (this.choices.orderWords(i)) return `${name} ${desc ? 'desc' : 'asc'}`;
      return `${desc ? '-' : '+'}${name}`;
    });
    return ` order by ${keys.join(', ')}`;
  }
}

/** The CQL statement (and pvalues) that asks `cls` what the generated query asks. */
export function renderCql(cls: string, q: GenQuery, where: unknown, choices: RenderChoices): RenderedCql {
  const w = new Writer(choices);
  const countOnly = q.count && q.limit === 0;
  const select = countOnly ? 'count(*)' : q.count ? 'count(*), *' : '*';
  const condition = isObj(where) && Object.keys(where).length > 0 ? ` where ${w.where(where)}` : '';
  const order = q.order === undefined ? '' : w.order(q.order);
  let limit = '';
  if (!countOnly && q.skip !== undefined) limit = ` limit ${q.skip}, ${q.limit ?? 100}`;
  else if (!countOnly && q.limit !== undefined) limit = ` limit ${q.limit}`;
  return { cql: `select ${select} from ${cls}${condition}${order}${limit}`, pvalues: w.pvalues };
}
