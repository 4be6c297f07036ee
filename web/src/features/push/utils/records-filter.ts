import { PUSH_SOURCES, PUSH_STATUSES } from '@switchboard/shared';
import type { PushRecord, PushSource, PushStatus } from '@switchboard/shared';
import { zonedTimeToUtc } from './schedule';

/** The records list's filter, as kept in the URL; dates are the reader's calendar days. */
export interface RecordsFilter {
  status: PushStatus | '';
  /** The record's `source`: the push API, the console or a message's offline push. */
  source: PushSource | '';
  /** YYYY-MM-DD, first day included. */
  from: string;
  /** YYYY-MM-DD, last day included. */
  to: string;
  /** A notification id or a record's objectId. */
  id: string;
}

/** Where the next page starts: just after the last record shown (newest first). */
export interface Cursor {
  createdAt: string;
  objectId: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[A-Za-z0-9]{1,64}$/;

export function readFilter(p: URLSearchParams): RecordsFilter {
  const status = p.get('status');
  const source = p.get('source');
  const day = (k: string) => (DAY.test(p.get(k) ?? '') ? (p.get(k) ?? '') : '');
  const id = (p.get('id') ?? '').trim();
  return {
    status: PUSH_STATUSES.includes(status as PushStatus) ? (status as PushStatus) : '',
    source: PUSH_SOURCES.includes(source as PushSource) ? (source as PushSource) : '',
    from: day('from'),
    to: day('to'),
    id: ID.test(id) ? id : '',
  };
}

/** The URL parameters of a filter (empty members left out). */
export const filterParams = (f: RecordsFilter): Record<string, string> =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== ''));

const date = (d: Date) => ({ __type: 'Date', iso: d.toISOString() });

const nextDay = (day: string): string => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/** Doc 1 where over push records for a filter, in `timeZone`, starting after `cursor`. */
export function recordsWhere(f: RecordsFilter, timeZone: string, cursor?: Cursor): Record<string, unknown> {
  const parts: Record<string, unknown>[] = [];
  if (f.status) parts.push({ status: f.status });
  if (f.source) parts.push({ source: f.source });
  if (f.id) parts.push({ $or: [{ notificationId: f.id }, { objectId: f.id }] });
  const range: Record<string, unknown> = {};
  const start = f.from ? zonedTimeToUtc(f.from, '00:00', timeZone) : undefined;
  const end = f.to ? zonedTimeToUtc(nextDay(f.to), '00:00', timeZone) : undefined;
  if (start) range.$gte = date(start);
  if (end) range.$lt = date(end);
  if (Object.keys(range).length > 0) parts.push({ createdAt: range });
  if (cursor) {
    const at = date(new Date(cursor.createdAt));
    // Keyset paging: records at the same millisecond are ordered by objectId, so none is skipped.
    parts.push({ $or: [{ createdAt: { $lt: at } }, { createdAt: at, objectId: { $lt: cursor.objectId } }] });
  }
  if (parts.length === 0) return {};
  return parts.length === 1 ? parts[0]! : { $and: parts };
}

/** The records order keyset paging needs. */
export const RECORDS_ORDER = '-createdAt,-objectId';

export const cursorAfter = (page: PushRecord[]): Cursor | undefined => {
  const last = page[page.length - 1];
  return last ? { createdAt: last.createdAt, objectId: last.objectId } : undefined;
};
