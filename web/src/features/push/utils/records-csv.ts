import Papa from 'papaparse';
import type { PushRecord } from '@switchboard/shared';
import { audienceText } from './audience-text';
import { contentSummary } from './content';
import { successesByChannel } from './counts';
import { recordSource } from './source';

const COLUMNS = [
  'objectId',
  'notificationId',
  'status',
  'createdAt',
  'pushTime',
  'content',
  'audience',
  'targets',
  'successes',
  'successesByChannel',
  'invalidTokens',
  'errors',
  'source',
  'prod',
] as const;

/**
 * The records as CSV, one row each, with a header row. Cells a spreadsheet would run as a formula
 * (starting with =, +, - or @) are quoted by Papa's escapeFormulae.
 */
export function recordsCsv(records: PushRecord[], everyone: string): string {
  const rows = records.map((r) => ({
    objectId: r.objectId,
    notificationId: r.notificationId,
    status: r.status,
    createdAt: r.createdAt,
    pushTime: r['push-time'] ?? '',
    content: contentSummary(r.data),
    audience: audienceText(r.where, everyone),
    targets: r.devices,
    successes: r.successes,
    successesByChannel: successesByChannel(r)
      .map((c) => `${c.channel}:${c.count}`)
      .join(' '),
    invalidTokens: r.invalidTokens,
    errors: r.errors.join(' | '),
    source: recordSource(r),
    prod: r.prod,
  }));
  return Papa.unparse(
    { fields: [...COLUMNS], data: rows.map((r) => COLUMNS.map((c) => r[c])) },
    {
      escapeFormulae: true,
    },
  );
}
