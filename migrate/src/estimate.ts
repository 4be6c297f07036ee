import { createReadStream } from 'node:fs';
import { classify, importOrder } from './plan';

/** Newlines in a file, read as bytes: the export was just unpacked, so this reads from the cache. */
async function countLines(path: string): Promise<number> {
  let n = 0;
  let last = 10;
  for await (const chunk of createReadStream(path)) {
    const buf = chunk as Buffer;
    for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) n++;
    if (buf.length > 0) last = buf[buf.length - 1]!;
  }
  return last === 10 ? n : n + 1;
}

/**
 * About how many objects each class's files hold, for a progress bar and the time left: the lines
 * of JSON-lines files, and of CSV files less their two header rows (a quoted cell spanning lines
 * makes it a little high). A whole JSON document is not counted: its class has no estimate.
 */
export async function estimateTotals(paths: string[]): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  const unknown = new Set<string>();
  for (const path of paths) {
    const f = classify(path);
    if (f.kind !== 'class') continue;
    const lower = path.toLowerCase();
    let n: number | undefined;
    if (lower.endsWith('.csv')) n = Math.max(0, (await countLines(path)) - 2);
    else if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) n = await countLines(path);
    if (n === undefined) unknown.add(f.className);
    else totals.set(f.className, (totals.get(f.className) ?? 0) + n);
  }
  for (const c of unknown) totals.delete(c);
  // In the order the classes are imported, which is the order a progress list shows them in.
  return new Map(importOrder(totals.keys()).map((c): [string, number] => [c, totals.get(c)!]));
}
