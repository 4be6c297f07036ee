import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { upstreamGet, upstreamSend } from '../../../lib/api';
import { imKeys } from './keys';

const broadcastSchema = z.looseObject({
  'msg-id': z.string(),
  conv_id: z.string(),
  from_client: z.string(),
  message: z.string(),
  timestamp: z.number(),
  valid_till: z.number(),
});
export type Broadcast = z.infer<typeof broadcastSchema>;

/** The global broadcasts of a service conversation that are still valid. */
export const useBroadcasts = (app: string, convId: string) =>
  useQuery({
    queryKey: imKeys.broadcasts(app, convId),
    enabled: convId !== '',
    queryFn: ({ signal }) =>
      upstreamGet(app, '/1.2/rtm/broadcasts', z.array(broadcastSchema), {
        query: { conv_id: convId },
        signal,
      }),
  });

export interface NewBroadcast {
  conv_id: string;
  from_client: string;
  message: string;
  valid_till?: number;
  transient?: boolean;
  push?: Record<string, unknown>;
}

export function useSendBroadcast(app: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: NewBroadcast) =>
      upstreamSend(
        app,
        'POST',
        '/1.2/rtm/broadcasts',
        z.object({ 'msg-id': z.string(), timestamp: z.number() }),
        {
          body: b,
        },
      ),
    onSuccess: (_, b) => qc.invalidateQueries({ queryKey: imKeys.broadcasts(app, b.conv_id) }),
  });
}

export function useDeleteBroadcast(app: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: Broadcast) =>
      upstreamSend(
        app,
        'DELETE',
        `/1.2/rtm/broadcasts/${encodeURIComponent(b['msg-id'])}`,
        z.looseObject({}),
      ),
    onSuccess: (_, b) => qc.invalidateQueries({ queryKey: imKeys.broadcasts(app, b.conv_id) }),
  });
}
