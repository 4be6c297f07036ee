import { Readable } from 'node:stream';
import { csvSafeText } from '@switchboard/shared';
import type { AuditEntry, AuditFilter } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { stringify } from 'csv-stringify';
import { entries } from './audit';

export const CSV_COLUMNS = [
  'id',
  'at',
  'actorId',
  'actorEmail',
  'role',
  'app',
  'action',
  'target',
  'summary',
  'before',
  'after',
  'result',
  'status',
  'requestId',
  'ip',
] as const satisfies readonly (keyof AuditEntry)[];

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
  return csvSafeText(text);
}

export function csvRow(e: AuditEntry): string[] {
  return CSV_COLUMNS.map((c) => cell(e[c]));
}

/** The matching entries as CSV (header row first) or JSON lines, as a stream of text. */
export function exportAudit(sql: Sql, filter: AuditFilter, format: 'csv' | 'jsonl'): Readable {
  if (format === 'jsonl') {
    return Readable.from(
      (async function* () {
        for await (const e of entries(sql, filter)) yield `${JSON.stringify(e)}\n`;
      })(),
    );
  }
  const rows = Readable.from(
    (async function* () {
      for await (const e of entries(sql, filter)) yield csvRow(e);
    })(),
  );
  const csv = stringify({ header: true, columns: [...CSV_COLUMNS], eof: true });
  rows.on('error', (err) => csv.destroy(err));
  return rows.pipe(csv);
}
