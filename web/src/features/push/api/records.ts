import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pushRecordSchema, scheduledPushListSchema } from '@switchboard/shared';
import type { PushRecord, PushStatus } from '@switchboard/shared';
import { z } from 'zod';
import { upstreamGet, upstreamSend } from '../../../lib/api';
import { cursorAfter, RECORDS_ORDER, recordsWhere } from '../utils/records-filter';
import type { Cursor, RecordsFilter } from '../utils/records-filter';
import { pushKeys } from './keys';

const recordsSchema = z.object({ results: z.array(pushRecordSchema) });
const emptySchema = z.object({});

/** A push still moving: its page and the list poll until it settles. */
export const isActive = (s: PushStatus): boolean => s === 'in-queue' || s === 'running';
const LIVE_MS = 1500;

export const RECORDS_PAGE = 50;
/** Records per request of a CSV export, and the most an export fetches. */
const EXPORT_PAGE = 1000;
export const EXPORT_MAX = 100_000;

const recordsPage = async (
  app: string,
  where: Record<string, unknown>,
  limit: number,
  signal?: AbortSignal,
): Promise<PushRecord[]> =>
  (
    await upstreamGet(app, '/1.1/notifications', recordsSchema, {
      query: { order: RECORDS_ORDER, limit, where: JSON.stringify(where) },
      ...(signal ? { signal } : {}),
    })
  ).results;

/** A page of push records matching a filter, newest first; refreshed while any of them is moving. */
export const useRecords = (app: string, filter: RecordsFilter, timeZone: string, cursor?: Cursor) =>
  useQuery({
    queryKey: pushKeys.records(app, JSON.stringify({ filter, timeZone, cursor })),
    queryFn: ({ signal }) => recordsPage(app, recordsWhere(filter, timeZone, cursor), RECORDS_PAGE, signal),
    refetchInterval: (q) => (q.state.data?.some((r) => isActive(r.status)) ? LIVE_MS : false),
    placeholderData: keepPreviousData,
  });

/** Every record matching a filter (up to EXPORT_MAX), page after page by keyset. */
export async function allRecords(
  app: string,
  filter: RecordsFilter,
  timeZone: string,
): Promise<PushRecord[]> {
  const out: PushRecord[] = [];
  let cursor: Cursor | undefined;
  while (out.length < EXPORT_MAX) {
    const page = await recordsPage(app, recordsWhere(filter, timeZone, cursor), EXPORT_PAGE);
    out.push(...page);
    if (page.length < EXPORT_PAGE) break;
    cursor = cursorAfter(page);
  }
  return out.slice(0, EXPORT_MAX);
}

export const useRecord = (app: string, id: string) =>
  useQuery({
    queryKey: pushKeys.record(app, id),
    queryFn: ({ signal }) =>
      upstreamGet(app, `/1.1/notifications/${encodeURIComponent(id)}`, pushRecordSchema, { signal }),
    refetchInterval: (q) => (q.state.data && isActive(q.state.data.status) ? LIVE_MS : false),
  });

/** Doc 2: deleting the record of a push that is not done cancels what of it still waits. */
export function useCancelRecord(app: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (r: PushRecord) =>
      upstreamSend(app, 'DELETE', `/1.1/notifications/${encodeURIComponent(r.objectId)}`, emptySchema),
    onSuccess: () => qc.invalidateQueries({ queryKey: pushKeys.all(app) }),
  });
}

/** Scheduled pushes, refreshed as they fire. */
export const useScheduled = (app: string) =>
  useQuery({
    queryKey: pushKeys.scheduled(app),
    queryFn: async ({ signal }) =>
      (await upstreamGet(app, '/1.1/scheduledPushMessages', scheduledPushListSchema, { signal })).results,
    refetchInterval: 10_000,
  });

export function useCancelScheduled(app: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      upstreamSend(app, 'DELETE', `/1.1/scheduledPushMessages/${String(id)}`, emptySchema),
    onSuccess: () => qc.invalidateQueries({ queryKey: pushKeys.all(app) }),
  });
}
