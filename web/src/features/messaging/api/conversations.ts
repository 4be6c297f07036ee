import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { upstreamGet, upstreamSend } from '../../../lib/api';
import type { ConvKind } from '../utils/kinds';
import { KIND_PATH } from '../utils/kinds';
import { listPath } from '../utils/search';
import { imKeys } from './keys';

const dateSchema = z.union([z.string(), z.object({ __type: z.literal('Date'), iso: z.string() })]);
export const conversationSchema = z.looseObject({
  objectId: z.string(),
  name: z.unknown().optional(),
  m: z.array(z.string()).optional(),
  mu: z.array(z.string()).optional(),
  c: z.string().optional(),
  tr: z.unknown().optional(),
  sys: z.unknown().optional(),
  unique: z.unknown().optional(),
  lm: dateSchema.optional(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** The ISO time of a `lm` (last message) field, however it was written. */
export const isoOf = (d: Conversation['lm']): string | undefined => (typeof d === 'string' ? d : d?.iso);

const listSchema = z.object({ results: z.array(conversationSchema), count: z.number().optional() });
const emptySchema = z.looseObject({});
export const PAGE = 50;

export interface ConversationFilter {
  kind: ConvKind | '';
  where: Record<string, unknown> | undefined;
  page: number;
}

/** One page of conversations, the latest active first, with the total for the pager. */
export const useConversations = (app: string, f: ConversationFilter) =>
  useQuery({
    queryKey: imKeys.conversations(app, f),
    queryFn: ({ signal }) =>
      upstreamGet(app, listPath(f.kind), listSchema, {
        query: {
          order: '-updatedAt',
          limit: PAGE,
          skip: f.page * PAGE,
          count: 1,
          ...(f.where ? { where: JSON.stringify(f.where) } : {}),
        },
        signal,
      }),
    placeholderData: (prev) => prev,
  });

/** One conversation of any kind, by id. */
export const useConversation = (app: string, id: string) =>
  useQuery({
    queryKey: imKeys.conversation(app, id),
    queryFn: async ({ signal }) => {
      const r = await upstreamGet(app, '/1.2/rtm/all-conversations', listSchema, {
        query: { where: JSON.stringify({ objectId: id }), limit: 1 },
        signal,
      });
      return r.results[0] ?? null;
    },
  });

export interface NewConversation {
  kind: ConvKind;
  name: string;
  members: string[];
  creator: string;
  unique: boolean;
}

export function useCreateConversation(app: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: NewConversation) =>
      upstreamSend(
        app,
        'POST',
        `/1.2/rtm/${KIND_PATH[c.kind]}`,
        conversationSchema.partial().extend({ objectId: z.string() }),
        {
          body: {
            name: c.name,
            ...(c.creator ? { c: c.creator } : {}),
            ...(c.kind === 'conversation' ? { m: c.members, ...(c.unique ? { unique: true } : {}) } : {}),
          },
        },
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: imKeys.all(app) }),
  });
}

export function useDeleteConversation(app: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind }: { id: string; kind: ConvKind }) =>
      upstreamSend(app, 'DELETE', `/1.2/rtm/${KIND_PATH[kind]}/${encodeURIComponent(id)}`, emptySchema),
    onSuccess: () => qc.invalidateQueries({ queryKey: imKeys.all(app) }),
  });
}

const resultList = z.object({ result: z.array(z.string()) });

export const useMutes = (app: string, id: string, enabled: boolean) =>
  useQuery({
    queryKey: imKeys.mutes(app, id),
    enabled,
    queryFn: async ({ signal }) =>
      (
        await upstreamGet(app, `/1.2/rtm/conversations/${encodeURIComponent(id)}/mutes`, resultList, {
          signal,
        })
      ).result,
  });

/** Adds or removes members (`members`) or muted clients (`mutes`) of a conversation. */
export function useChangeList(app: string, id: string, list: 'members' | 'mutes') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ add, clientIds }: { add: boolean; clientIds: string[] }) =>
      upstreamSend(
        app,
        add ? 'POST' : 'DELETE',
        `/1.2/rtm/conversations/${encodeURIComponent(id)}/${list}`,
        emptySchema,
        {
          body: { client_ids: clientIds },
        },
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: imKeys.conversation(app, id) }),
  });
}

export const useOnlineCount = (app: string, id: string, enabled: boolean) =>
  useQuery({
    queryKey: imKeys.onlineCount(app, id),
    enabled,
    queryFn: async ({ signal }) =>
      (
        await upstreamGet(
          app,
          `/1.2/rtm/chatrooms/${encodeURIComponent(id)}/members/online-count`,
          z.object({ result: z.number() }),
          { signal },
        )
      ).result,
  });
