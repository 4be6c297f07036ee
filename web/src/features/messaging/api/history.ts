import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { upstreamGet, upstreamSend } from '../../../lib/api';
import type { ConvKind } from '../utils/kinds';
import { KIND_PATH } from '../utils/kinds';
import { imKeys } from './keys';

export const messageSchema = z.looseObject({
  timestamp: z.number(),
  'conv-id': z.string(),
  data: z.string(),
  from: z.string(),
  'msg-id': z.string(),
  recalled: z.boolean().optional(),
  to_clients: z.array(z.string()).optional(),
  'mention-all': z.boolean().optional(),
  'mention-pids': z.array(z.string()).optional(),
});
export type ImMessage = z.infer<typeof messageSchema>;
const pageSchema = z.array(messageSchema);
export const HISTORY_PAGE = 50;

/** Where a history page starts: newest first, below (timestamp, msgid) when given. */
export interface Cursor {
  ts: number;
  msgid?: string;
  /** Whether the message at the cursor itself belongs to the page (a deep link's message). */
  inclusive?: boolean;
}

/**
 * One page of a conversation's history, newest first, starting below `cursor`. Service
 * conversations have no whole-history path in Doc 3, so they are read with the 1.1 form.
 */
export function historyPage(
  app: string,
  kind: ConvKind,
  id: string,
  cursor: Cursor | undefined,
  signal?: AbortSignal,
) {
  const limit = HISTORY_PAGE;
  if (kind === 'service')
    return upstreamGet(app, '/1.1/rtm/messages/history', pageSchema, {
      query: {
        convid: id,
        limit,
        ...(cursor ? { max_ts: cursor.ts, ...(cursor.msgid ? { msgid: cursor.msgid } : {}) } : {}),
      },
      signal,
    });
  return upstreamGet(app, `/1.2/rtm/${KIND_PATH[kind]}/${encodeURIComponent(id)}/messages`, pageSchema, {
    query: {
      limit,
      ...(cursor
        ? {
            timestamp: cursor.ts,
            ...(cursor.msgid ? { msgid: cursor.msgid } : {}),
            ...(cursor.inclusive ? { include_start: 'true' } : {}),
          }
        : {}),
    },
    signal,
  });
}

/** The cursor below the oldest message of a full page; none after a short page (the start). */
export const nextCursor = (page: ImMessage[]): Cursor | undefined => {
  const last = page[page.length - 1];
  return page.length === HISTORY_PAGE && last ? { ts: last.timestamp, msgid: last['msg-id'] } : undefined;
};

/**
 * How often the history is asked again: every 10 s at the newest page, so new messages show without
 * a reload, and only while that page alone is loaded. A refetch of an infinite query asks for every
 * loaded page again: a reader scrolled back 10,000 messages would send 200 requests every 10 s.
 */
export const liveRefresh = (start: Cursor | undefined, pagesLoaded: number): number | false =>
  !start && pagesLoaded <= 1 ? 10_000 : false;

/** The history read backwards page by page from `start` (the newest message when undefined). */
export const useHistory = (app: string, kind: ConvKind, id: string, start: Cursor | undefined) =>
  useInfiniteQuery({
    queryKey: imKeys.history(app, id, start ?? null),
    initialPageParam: start,
    queryFn: ({ pageParam, signal }) => historyPage(app, kind, id, pageParam, signal),
    getNextPageParam: nextCursor,
    refetchInterval: (q) => liveRefresh(start, q.state.data?.pages.length ?? 0),
  });

const sentSchema = z.object({ 'msg-id': z.string(), timestamp: z.number() });
const emptySchema = z.looseObject({});

const messagePath = (kind: ConvKind, id: string, m?: ImMessage) =>
  `/1.2/rtm/${KIND_PATH[kind]}/${encodeURIComponent(id)}/messages${m ? `/${encodeURIComponent(m['msg-id'])}` : ''}` as const;

/** Modify, recall or delete one message; each refreshes the conversation's history. */
export function useMessageAction(app: string, kind: ConvKind, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (
      a: { action: 'modify'; m: ImMessage; message: string } | { action: 'recall' | 'delete'; m: ImMessage },
    ) => {
      const who = { from_client: a.m.from, timestamp: a.m.timestamp };
      if (a.action === 'modify')
        return upstreamSend(app, 'PUT', messagePath(kind, id, a.m), emptySchema, {
          body: { ...who, message: a.message },
        });
      if (a.action === 'recall')
        return upstreamSend(app, 'PUT', `${messagePath(kind, id, a.m)}/recall`, emptySchema, { body: who });
      return upstreamSend(app, 'DELETE', messagePath(kind, id, a.m), emptySchema, {
        query: { from_client: a.m.from, timestamp: String(a.m.timestamp) },
      });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: imKeys.conversation(app, id) }),
  });
}

export function useSendMessage(app: string, kind: ConvKind, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      upstreamSend(app, 'POST', messagePath(kind, id), sentSchema, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: imKeys.conversation(app, id) }),
  });
}
