import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { createInterface } from 'node:readline';
import { csvRecords } from './csv';
import { csvObject, CsvCellError } from './csv-types';
import { jsonErrorAt } from './json-errors';

/**
 * One object read from an export file, or why a line could not be read. `bytes`: the size of its
 * JSON text when the reader knows it, so batches can be kept under the request size limit.
 * `unreadable`: the file itself is not what its name says (not JSON, not a list of objects), as
 * opposed to one value that does not fit its column; such a file is refused before any import.
 */
export type ReadRecord =
  { where: string; value: unknown; bytes?: number } | { where: string; error: string; unreadable?: boolean };

/** Where a file stops being JSON: "Post.json, line 3, column 7". */
function notJson(name: string, text: string, e: unknown, firstLine = 1): ReadRecord {
  const at = jsonErrorAt(text, e);
  return {
    where: `${name}, line ${firstLine + at.line - 1}, column ${at.column}`,
    error: `not JSON (${at.reason})`,
    unreadable: true,
  };
}

async function* lines(path: string): AsyncGenerator<string> {
  const rl = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  yield* rl;
}

/** JSON lines: one object per line (LeanCloud's data export); blank lines are skipped. */
async function* jsonLines(path: string): AsyncGenerator<ReadRecord> {
  const name = basename(path);
  let n = 0;
  for await (const line of lines(path)) {
    n++;
    // Editors on Windows may start a file with a byte order mark, which is not JSON.
    const text = n === 1 ? line.replace(/^\uFEFF/, '') : line;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      yield notJson(name, text, e, n);
      continue;
    }
    yield { where: `${name}:${n}`, value, bytes: text.length };
  }
}

/**
 * A whole JSON document: an array of objects or {results: [...]} (the import format of
 * LeanCloud's data guide). Such a file is parsed at once; exports of big classes are JSON lines.
 */
async function* jsonDocument(path: string): AsyncGenerator<ReadRecord> {
  const name = basename(path);
  let doc: unknown;
  const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  try {
    doc = JSON.parse(text);
  } catch (e) {
    yield notJson(name, text, e);
    return;
  }
  const list = Array.isArray(doc)
    ? doc
    : doc && typeof doc === 'object' && Array.isArray((doc as { results?: unknown }).results)
      ? (doc as { results: unknown[] }).results
      : undefined;
  if (!list) {
    yield {
      where: name,
      error: 'not an export: it should hold an array of objects, or {"results": [...]}',
      unreadable: true,
    };
    return;
  }
  for (let i = 0; i < list.length; i++) yield { where: `${name}[${i}]`, value: list[i] };
}

/** Tells JSON lines from one JSON document by the first line: a whole object without `results`. */
async function looksLikeJsonLines(path: string): Promise<boolean> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(1 << 16);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    const head = buf.subarray(0, bytesRead).toString('utf8').trimStart();
    if (!head.startsWith('{')) return false;
    const first = head.split('\n', 1)[0] ?? '';
    try {
      const o = JSON.parse(first) as Record<string, unknown>;
      return !Array.isArray(o.results);
    } catch {
      return false;
    }
  } finally {
    await fh.close();
  }
}

async function* csvFile(path: string): AsyncGenerator<ReadRecord> {
  const name = basename(path);
  let types: string[] | undefined;
  let names: string[] | undefined;
  for await (const { line, cells } of csvRecords(createReadStream(path, 'utf8'))) {
    if (!types) types = cells;
    else if (!names) names = cells;
    else {
      try {
        yield { where: `${name}:${line}`, value: csvObject(types, names, cells) };
      } catch (e) {
        if (!(e instanceof CsvCellError)) throw e;
        yield { where: `${name}:${line}`, error: e.message };
      }
    }
  }
}

/** The objects of one export file, by its extension (.jsonl/.ndjson, .json, .csv). */
export async function* readRecords(path: string): AsyncGenerator<ReadRecord> {
  const lower = path.toLowerCase();
  if (lower.endsWith('.csv')) yield* csvFile(path);
  else if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) yield* jsonLines(path);
  else if (await looksLikeJsonLines(path)) yield* jsonLines(path);
  else yield* jsonDocument(path);
}
