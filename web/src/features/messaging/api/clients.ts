import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { upstreamGet, upstreamSend } from '../../../lib/api';
import { HISTORY_PAGE, messageSchema, nextCursor } from './history';
import type { Cursor } from './history';
import { imKeys } from './keys';

const client = (id: string) => `/1.2/rtm/clients/${encodeURIComponent(id)}` as const;
const onlineSchema = z.object({ results: z.array(z.string()) });

/**
 * Whether the client is connected now. The answer comes from the server's live connections, so
 * it is asked again every few seconds while the page is open.
 */
export const useOnline = (app: string, id: string) =>
  useQuery({
    queryKey: [...imKeys.client(app, id), 'online'],
    queryFn: async ({ signal }) =>
      (
        await upstreamSend(app, 'POST', '/1.2/rtm/clients/check-online', onlineSchema, {
          body: { client_ids: [id] },
          signal,
        })
      ).results.includes(id),
    refetchInterval: 5000,
  });

/** Unread messages of the client, overall or in one conversation (Doc 3 unread-count). */
export const useUnread = (app: string, id: string, convId?: string) =>
  useQuery({
    queryKey: [...imKeys.client(app, id), 'unread', convId ?? ''],
    queryFn: async ({ signal }) =>
      (
        await upstreamGet(app, `${client(id)}/unread-count`, z.object({ count: z.number() }), {
          query: convId ? { conv_id: convId } : {},
          signal,
        })
      ).count,
  });

/** The messages the client sent, across its conversations, newest first. */
export const useClientMessages = (app: string, id: string) =>
  useInfiniteQuery({
    queryKey: [...imKeys.client(app, id), 'messages'],
    initialPageParam: undefined as Cursor | undefined,
    queryFn: ({ pageParam, signal }) =>
      upstreamGet(app, `${client(id)}/messages`, z.array(messageSchema), {
        query: {
          limit: HISTORY_PAGE,
          ...(pageParam ? { timestamp: pageParam.ts, msgid: pageParam.msgid ?? '' } : {}),
        },
        signal,
      }),
    getNextPageParam: nextCursor,
  });

export function useKick() {
  return useMutation({
    mutationFn: ({ app, id, reason }: { app: string; id: string; reason: string }) =>
      upstreamSend(app, 'POST', `${client(id)}/kick`, z.looseObject({}), { body: reason ? { reason } : {} }),
  });
}
