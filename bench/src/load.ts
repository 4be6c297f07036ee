/**
 * Loads the data set through POST /1.1/batch with a few concurrent loaders, then creates the
 * indexes the measurements need through the index API.
 */
import { performance } from 'node:perf_hooks';
import { CLASS, makeObject, rng } from './data';
import type { ApiClient } from './http-client';
import { summarize } from './stats';
import type { Summary } from './stats';

type BatchElement = { success?: { objectId?: string }; error?: { code: number; error: string } };

export interface LoadResult {
  objects: number;
  batchSize: number;
  loaders: number;
  seconds: number;
  objectsPerSecond: number;
  /** Latency of one load batch request, ms. */
  batchMs: Summary;
  /** objectId of object n, for n in 0..objects-1. */
  ids: string[];
}

/** POSTs `objects` creates of one class (Bench unless named) as one batch; throws on any failed element. */
export async function postBatch(
  client: ApiClient,
  objects: object[],
  className = CLASS,
): Promise<{ ids: string[]; ms: number }> {
  const res = await client.send<BatchElement[]>('POST', '/1.1/batch', {
    requests: objects.map((body) => ({ method: 'POST', path: `/1.1/classes/${className}`, body })),
  });
  if (!Array.isArray(res.body) || res.body.length !== objects.length) {
    throw new Error(
      `/1.1/batch answered ${JSON.stringify(res.body).slice(0, 200)} for ${objects.length} creates`,
    );
  }
  const ids = res.body.map((el, i) => {
    const id = el.success?.objectId;
    if (typeof id !== 'string')
      throw new Error(`batch element ${i} failed: ${JSON.stringify(el).slice(0, 300)}`);
    return id;
  });
  return { ids, ms: res.ms };
}

export async function loadObjects(
  client: ApiClient,
  total: number,
  opts: { batchSize: number; loaders: number; seed: number; log: (line: string) => void },
): Promise<LoadResult> {
  const ids = new Array<string>(total);
  const chunks = Math.ceil(total / opts.batchSize);
  const batchMs: number[] = [];
  let next = 0;
  let done = 0;
  let lastReport = 0;
  const started = performance.now();
  const loader = async () => {
    for (;;) {
      const chunk = next++;
      if (chunk >= chunks) return;
      const from = chunk * opts.batchSize;
      const to = Math.min(total, from + opts.batchSize);
      const rand = rng(opts.seed * 1_000_003 + chunk);
      const objects = [];
      for (let i = from; i < to; i++) objects.push(makeObject(i, total, rand));
      const res = await postBatch(client, objects);
      res.ids.forEach((id, k) => (ids[from + k] = id));
      batchMs.push(res.ms);
      done += to - from;
      const now = performance.now();
      if (now - lastReport > 15_000) {
        lastReport = now;
        const s = (now - started) / 1000;
        opts.log(
          `  loaded ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} (${Math.round(done / s).toLocaleString('en-US')} objects/s)`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.loaders, chunks) }, loader));
  const seconds = (performance.now() - started) / 1000;
  return {
    objects: total,
    batchSize: opts.batchSize,
    loaders: opts.loaders,
    seconds,
    objectsPerSecond: total / seconds,
    batchMs: summarize(batchMs),
    ids,
  };
}

export interface IndexResult {
  keys: Record<string, 1 | -1>;
  name: string;
  seconds: number;
}

/** Creates btree indexes through POST /1.1/indices/<Class> (master key), timing each. */
export async function createIndexes(
  client: ApiClient,
  specs: Record<string, 1 | -1>[],
): Promise<IndexResult[]> {
  const out: IndexResult[] = [];
  for (const keys of specs) {
    const res = await client.send<{ name: string }>(
      'POST',
      `/1.1/indices/${CLASS}`,
      { keys },
      { master: true, timeoutMs: 60 * 60_000 },
    );
    out.push({ keys, name: res.body.name, seconds: res.ms / 1000 });
  }
  return out;
}

/**
 * Class permissions (every operation explicitly open to everyone) and field options (a hidden and
 * a read-only field the objects do not carry), as an app moved from LeanCloud has them: every read
 * and write then goes through the policy layer, which is what `--permissions` measures.
 */
export async function setClassPolicy(client: ApiClient): Promise<void> {
  const everyone = { '*': true };
  const ops = ['create', 'find', 'get', 'update', 'delete', 'add_fields'];
  await client.send(
    'PUT',
    `/1.1/schemas/${CLASS}`,
    {
      permissions: Object.fromEntries(ops.map((op) => [op, everyone])),
      fields: { internal: { type: 'String', hidden: true }, locked: { type: 'String', read_only: true } },
    },
    { master: true, timeoutMs: 60_000 },
  );
}
