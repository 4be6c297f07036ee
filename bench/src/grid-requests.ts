/**
 * Where the first page's time goes on the server: the grid's objects query timed directly on the
 * API server (master key, no browser, no BFF), as the grid sends it and with its parts taken away
 * one at a time, so the slow part (the count, the order) shows.
 */
import { GRID_CLASS } from './grid-data';
import { ApiClient } from './http-client';
import { fmt, table } from './report';
import type { ServerHandle } from './server-process';
import { summarize } from './stats';
import type { Summary } from './stats';

export interface RequestVariant {
  label: string;
  path: string;
  ms: Summary;
}

const BASE = `/1.1/classes/${GRID_CLASS}`;
const VARIANTS = [
  { label: 'as the grid asks', path: `${BASE}?skip=0&limit=100&order=-createdAt&count=1` },
  { label: 'without count', path: `${BASE}?skip=0&limit=100&order=-createdAt` },
  { label: 'without order', path: `${BASE}?skip=0&limit=100&count=1` },
  { label: 'without order and count', path: `${BASE}?skip=0&limit=100` },
  { label: 'count only', path: `${BASE}?limit=0&count=1` },
  { label: 'class statistics', path: '/1.1/switchboard/class-stats' },
];

/** Each variant `runs` times in turn after one untimed request; a failing one is left out. */
export async function timeVariants(
  server: ServerHandle,
  runs: number,
  log: (line: string) => void,
): Promise<RequestVariant[]> {
  const client = new ApiClient(server.baseUrl, server.keys, 1);
  const out: RequestVariant[] = [];
  try {
    for (const v of VARIANTS) {
      const times: number[] = [];
      try {
        await client.send('GET', v.path, undefined, { master: true, timeoutMs: 120_000 });
        for (let i = 0; i < runs; i++)
          times.push((await client.send('GET', v.path, undefined, { master: true, timeoutMs: 120_000 })).ms);
      } catch (e) {
        log(`  ${v.label}: ${e instanceof Error ? e.message : String(e)}`);
        continue;
      }
      out.push({ ...v, ms: summarize(times) });
    }
  } finally {
    client.close();
  }
  return out;
}

export function formatVariants(variants: RequestVariant[]): string {
  return [
    'the first page of objects timed on the API server directly (master key, one at a time, ms):',
    table(
      [
        ['request', 'path', 'n', 'p50', 'max'],
        ...variants.map((v) => [v.label, v.path, String(v.ms.n), fmt(v.ms.p50), fmt(v.ms.max)]),
      ],
      ['l', 'l', 'r', 'r', 'r'],
    ),
  ].join('\n');
}
