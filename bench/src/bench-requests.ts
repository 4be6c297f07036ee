/**
 * The requests the API benchmark and the peer benchmark both time, each with the check its answer
 * must pass (outside the timed span), so a fast wrong answer cannot count in either.
 */
import { GROUP_SIZE } from './data';

export type Obj = Record<string, unknown>;

export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  check: (body: unknown) => void;
}

export function fail(what: string, body: unknown): never {
  throw new Error(`${what}; the server answered ${JSON.stringify(body).slice(0, 300)}`);
}

/** A query string with JSON values encoded as LeanCloud's (and Parse's) REST API takes them. */
export const q = (params: Record<string, unknown>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');

export function results(body: unknown, what: string): Obj[] {
  const r = (body as { results?: Obj[] } | undefined)?.results;
  if (!Array.isArray(r)) fail(`${what}: no results array`, body);
  return r;
}

/** `GET <classPath>/<id>`: the object with that id. */
export function getById(classPath: string, id: string): BenchRequest {
  return {
    method: 'GET',
    path: `${classPath}/${id}`,
    check: (body) => {
      if ((body as Obj | undefined)?.objectId !== id) fail(`get ${id}: wrong object`, body);
    },
  };
}

/** An equality on the indexed `group` field: the group's GROUP_SIZE objects. */
export function groupQuery(classPath: string, group: string): BenchRequest {
  return {
    method: 'GET',
    path: `${classPath}?${q({ where: { group }, limit: GROUP_SIZE })}`,
    check: (body) => {
      const r = results(body, `group ${group}`);
      if (r.length !== GROUP_SIZE || r.some((o) => o.group !== group))
        fail(`group ${group}: expected ${GROUP_SIZE} objects of the group, got ${r.length}`, body);
    },
  };
}

/** A count on the same equality: GROUP_SIZE. */
export function groupCountQuery(classPath: string, group: string): BenchRequest {
  return {
    method: 'GET',
    path: `${classPath}?${q({ where: { group }, count: 1, limit: 0 })}`,
    check: (body) => {
      if ((body as { count?: number } | undefined)?.count !== GROUP_SIZE)
        fail(`count of group ${group}: expected ${GROUP_SIZE}`, body);
    },
  };
}

/** Checks a batch answer: `n` elements, each a success with an objectId. */
export function checkBatch(body: unknown, n: number): void {
  if (!Array.isArray(body) || body.length !== n) fail(`batch of ${n}: wrong answer`, body);
  const bad = (body as { success?: { objectId?: unknown } }[]).find(
    (el) => typeof el.success?.objectId !== 'string',
  );
  if (bad) fail(`batch of ${n}: an element failed`, bad);
}

/** One batch request creating `objects` in the class. */
export function batchCreate(batchPath: string, classPath: string, objects: object[]): BenchRequest {
  return {
    method: 'POST',
    path: batchPath,
    body: { requests: objects.map((body) => ({ method: 'POST', path: classPath, body })) },
    check: (body) => checkBatch(body, objects.length),
  };
}
