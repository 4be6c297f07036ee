import { useMutation, useQuery } from '@tanstack/react-query';
import { queryResponseSchema } from '@switchboard/shared';
import { z } from 'zod';
import { upstreamGet } from '../../../lib/api';
import { imKeys } from './keys';

/** Devices listed per client page; a client with more is rare (one per phone or browser). */
export const CLIENT_DEVICES = 100;

/**
 * The client's devices: installations whose `channels` hold the client id, which is how the
 * SDKs tie a device to a client and how the server finds the devices of an offline push.
 * Tokens come back redacted for roles without secrets.read.
 */
export const useClientDevices = (app: string, id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...imKeys.client(app, id), 'devices'],
    queryFn: ({ signal }) =>
      upstreamGet(app, '/1.1/installations', queryResponseSchema, {
        query: { where: JSON.stringify({ channels: id }), order: '-updatedAt', limit: CLIENT_DEVICES },
        signal,
      }),
    enabled,
  });

export const signAnswerSchema = z.looseObject({
  client_id: z.string(),
  nonce: z.string(),
  timestamp: z.number(),
  signature: z.string(),
});
export type SignAnswer = z.infer<typeof signAnswerSchema>;

/**
 * What `GET /1.2/rtm/clients/sign` answers for a session token: a login signature when the
 * `_rtmClientSign` hook (if any) lets it through, an error with the hook's words when not.
 */
export const useSignCheck = (app: string) =>
  useMutation({
    mutationFn: (sessionToken: string) =>
      upstreamGet(app, '/1.2/rtm/clients/sign', signAnswerSchema, {
        query: { session_token: sessionToken },
      }),
  });
