import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { upstreamGet, upstreamSend } from '../../../lib/api';
import { imKeys } from './keys';

const entrySchema = z.object({ timestamp: z.number(), subscriber: z.string(), conv_id: z.string() });
export type Subscription = z.infer<typeof entrySchema>;
const SUB_PAGE = 50;
const base = (id: string) => `/1.2/rtm/service-conversations/${encodeURIComponent(id)}/subscribers` as const;

/** Subscribers by client id, 50 a page; the next page starts after the last client id seen. */
export const useSubscribers = (app: string, id: string) =>
  useInfiniteQuery({
    queryKey: imKeys.subscribers(app, id),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      upstreamGet(app, base(id), z.array(entrySchema), {
        query: { limit: SUB_PAGE, ...(pageParam ? { client_id: pageParam } : {}) },
        signal,
      }),
    getNextPageParam: (last) => (last.length === SUB_PAGE ? last[last.length - 1]?.subscriber : undefined),
  });

export const useSubscriberCount = (app: string, id: string) =>
  useQuery({
    queryKey: [...imKeys.subscribers(app, id), 'count'],
    queryFn: async ({ signal }) =>
      (await upstreamGet(app, `${base(id)}/count`, z.object({ count: z.number() }), { signal })).count,
  });

export function useChangeSubscriber(app: string, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ add, clientId }: { add: boolean; clientId: string }) =>
      add
        ? upstreamSend(app, 'POST', base(id), z.looseObject({}), { body: { client_id: clientId } })
        : upstreamSend(app, 'DELETE', `${base(id)}/${encodeURIComponent(clientId)}`, z.looseObject({})),
    onSuccess: () => qc.invalidateQueries({ queryKey: imKeys.subscribers(app, id) }),
  });
}

/** A client's service subscriptions, newest first. */
export const useSubscriptionsOf = (app: string, clientId: string) =>
  useQuery({
    queryKey: [...imKeys.client(app, clientId), 'subscriptions'],
    queryFn: ({ signal }) =>
      upstreamGet(
        app,
        `/1.2/rtm/clients/${encodeURIComponent(clientId)}/service-conversations`,
        z.array(entrySchema),
        {
          query: { direction: 'old', limit: 100 },
          signal,
        },
      ),
  });
