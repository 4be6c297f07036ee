/**
 * The data browser benchmark's class: objects with a field of each common type (string, number,
 * boolean, Date, Pointer, object, array), loaded through POST /1.1/batch with a few concurrent
 * loaders and progress printed as it goes.
 */
import { performance } from 'node:perf_hooks';
import { makeObject, rng } from './data';
import { ApiClient } from './http-client';
import { postBatch } from './load';
import type { ServerHandle } from './server-process';

export const GRID_CLASS = 'GridBench';
/** Pointers lead to objects of this class (which is never created: the grid only shows them). */
const OWNER_CLASS = 'GridBenchOwner';
const BATCH = 1000;
const LOADERS = 2;
const PROGRESS_EVERY_MS = 10_000;

export interface GridLoad {
  objects: number;
  seconds: number;
  objectsPerSecond: number;
}

/** One object of the class: also the reference page's rows (grid-floor.ts). */
export function gridObject(i: number, total: number, rand: () => number): object {
  const base = makeObject(i, total, rand);
  return {
    ...base,
    active: rand() < 0.5,
    owner: { __type: 'Pointer', className: OWNER_CLASS, objectId: `owner${i % 1000}` },
    meta: { source: 'bench', rank: Math.floor(rand() * 1000), nested: { flag: i % 2 === 0 } },
  };
}

/** Loads `total` objects into GridBench; `log` gets a progress line every few seconds. */
export async function loadGridObjects(
  server: ServerHandle,
  total: number,
  seed: number,
  log: (line: string) => void,
): Promise<GridLoad> {
  const client = new ApiClient(server.baseUrl, server.keys, LOADERS);
  const chunks = Math.ceil(total / BATCH);
  const int = (n: number) => Math.round(n).toLocaleString('en-US');
  let next = 0;
  let done = 0;
  const started = performance.now();
  let lastReport = started;
  const loader = async () => {
    for (;;) {
      const chunk = next++;
      if (chunk >= chunks) return;
      const rand = rng(seed * 1_000_003 + chunk);
      const objects = [];
      for (let i = chunk * BATCH; i < Math.min(total, (chunk + 1) * BATCH); i++)
        objects.push(gridObject(i, total, rand));
      await postBatch(client, objects, GRID_CLASS);
      done += objects.length;
      const now = performance.now();
      if (now - lastReport > PROGRESS_EVERY_MS) {
        lastReport = now;
        const rate = done / ((now - started) / 1000);
        const eta = (total - done) / rate;
        log(`  loaded ${int(done)} / ${int(total)} (${int(rate)} objects/s, about ${int(eta)} s to go)`);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(LOADERS, chunks) }, loader));
  } finally {
    client.close();
  }
  const seconds = (performance.now() - started) / 1000;
  return { objects: total, seconds, objectsPerSecond: total / seconds };
}
