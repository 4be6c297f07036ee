import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pushRecordSchema, scheduledPushListSchema } from '@switchboard/shared';
import type { PushRecord, PushStatus } from '@switchboard/shared';
import { z } from 'zod';
import { upstreamGet, upstreamSend } from '../../../lib/api';
import { pushKeys } from './keys';

const recordsSchema = z.object({ results: z.array(pushRecordSchema) });
const emptySchema = z.object({});

/** A push still moving: its page and the list poll until it settles. */
export const isActive = (s: PushStatus): boolean => s === 'in-queue' || s === 'running';
const LIVE_MS = 1500;

export const RECORDS_PAGE = 50;

/** The newest push records, optionally of one status; refreshed while any of them is moving. */
export const useRecords = (app: string, status: PushStatus | '') =>
  useQuery({
    queryKey: pushKeys.records(app, status),
    queryFn: async ({ signal }) =>
      (
        await upstreamGet(app, '/1.1/notifications', recordsSchema, {
          query: {
            order: '-createdAt',
            limit: RECORDS_PAGE,
            ...(status ? { where: JSON.stringify({ status }) } : {}),
          },
          signal,
        })
      ).results,
    refetchInterval: (q) => (q.state.data?.some((r) => isActive(r.status)) ? LIVE_MS : false),
  });

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
