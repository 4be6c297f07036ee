import Papa from 'papaparse';
import { csvText } from '@switchboard/shared';

/** A file read into rows: the columns in first-seen order, each row column -> value. */
export interface ParsedFile {
  format: 'csv' | 'json' | 'jsonl';
  columns: string[];
  rows: Record<string, unknown>[];
}

export type ParseOutcome = { ok: true; file: ParsedFile } | { ok: false; message: string };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function columnsOf(rows: readonly Record<string, unknown>[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

/** CSV with a header row (papaparse); every value stays text, typed later by the schema. */
export function parseCsv(text: string): ParseOutcome {
  const result = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
  });
  const fatal = result.errors.find((e) => e.type === 'Quotes' || e.type === 'Delimiter');
  if (fatal) {
    const row = fatal.row === undefined ? '' : ` (row ${fatal.row + 1})`;
    return { ok: false, message: `${fatal.message}${row}` };
  }
  const columns = (result.meta.fields ?? []).filter((c) => c !== '');
  if (columns.length === 0) return { ok: false, message: 'The file has no header row.' };
  // papaparse puts cells beyond the header under "__parsed_extra"; they have no column to go to.
  // The console's export writes formula-like text with a leading apostrophe; csvText takes it off.
  const rows = result.data.map((r) => Object.fromEntries(columns.map((c) => [c, csvText(r[c] ?? '')])));
  return { ok: true, file: { format: 'csv', columns, rows } };
}

/** JSON lines, one object per line (what the console's own export writes). */
export function parseJsonLines(text: string): ParseOutcome {
  const rows: Record<string, unknown>[] = [];
  const lines = text.split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return { ok: false, message: `Line ${i + 1} is not valid JSON.` };
    }
    if (!isObject(value)) return { ok: false, message: `Line ${i + 1} is not a JSON object.` };
    rows.push(value);
  }
  return { ok: true, file: { format: 'jsonl', columns: columnsOf(rows), rows } };
}

/** A JSON array of objects, or a query answer {results: [...]}, or else JSON lines. */
export function parseJson(text: string): ParseOutcome {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return parseJsonLines(text);
  }
  const list = Array.isArray(value)
    ? value
    : isObject(value) && Array.isArray(value.results)
      ? value.results
      : [value];
  const bad = list.findIndex((v) => !isObject(v));
  if (bad >= 0) return { ok: false, message: `Entry ${bad + 1} is not a JSON object.` };
  const rows = list as Record<string, unknown>[];
  return { ok: true, file: { format: 'json', columns: columnsOf(rows), rows } };
}

/** By the file name's extension; without a known one, by whether the text starts like JSON. */
export function parseImportFile(name: string, text: string): ParseOutcome {
  const ext = /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ext === 'csv') return parseCsv(text);
  if (ext === 'jsonl' || ext === 'ndjson') return parseJsonLines(text);
  if (ext === 'json') return parseJson(text);
  return /^\s*[[{]/.test(text) ? parseJson(text) : parseCsv(text);
}
