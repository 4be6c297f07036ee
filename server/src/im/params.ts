import { z } from 'zod';
import { LcCode } from '@switchboard/shared';
import { badRequest, invalidJson } from '../http/errors';
import { parseInput } from '../http/validate';

/** Doc 3 Limits: "message content | 5 KB" (read as 5120 bytes of UTF-8). */
export const MESSAGE_MAX_BYTES = 5120;
const ID_MAX = 256;

export const clientId = z
  .string()
  .min(1, 'a client id must not be empty')
  .max(ID_MAX, `a client id has at most ${ID_MAX} characters`);

export const clientIds = (what: string, max: number) =>
  z.array(clientId).max(max, `${what} holds at most ${max} client ids`);

export const messageText = z
  .string({ error: 'message must be a string (rich media as a JSON string)' })
  .refine((s) => Buffer.byteLength(s, 'utf8') <= MESSAGE_MAX_BYTES, {
    message: `message is limited to 5 KB (${MESSAGE_MAX_BYTES} bytes of UTF-8)`,
  });

const priority = z
  .string()
  .regex(/^(high|normal|low)$/i, 'priority is one of high, normal, low')
  .transform((p) => p.toLowerCase());

const pushData = z.union([z.string(), z.record(z.string(), z.unknown())], {
  error: 'push_data is a JSON object shaped like a push data (or a string)',
});

/** Doc 3 Send message parameters (conversations; chat rooms and service messages narrow them). */
export const sendSchema = z.strictObject({
  from_client: clientId,
  message: messageText,
  transient: z.boolean().optional(),
  no_sync: z.boolean().optional(),
  push_data: pushData.optional(),
  priority: priority.optional(),
  mention_all: z.boolean().optional(),
  mention_client_ids: clientIds('mention_client_ids', 20).optional(),
});
export type SendInput = z.infer<typeof sendSchema>;

export const roomSendSchema = sendSchema.omit({ no_sync: true, push_data: true });

export const serviceSendSchema = sendSchema
  .omit({ mention_all: true, mention_client_ids: true })
  .extend({ to_clients: clientIds('to_clients', 20).min(1, 'to_clients needs at least one client id') });

export const broadcastSchema = z.strictObject({
  from_client: clientId,
  message: messageText,
  push: pushData.optional(),
});

export const globalBroadcastSchema = broadcastSchema.extend({
  conv_id: z.string().min(1).max(ID_MAX),
  valid_till: z.number().int().positive().optional(),
  transient: z.boolean().optional(),
});

export const modifySchema = z.strictObject({
  from_client: clientId,
  message: messageText,
  timestamp: z.number({ error: 'timestamp (ms) is required' }).int(),
  to_clients: clientIds('to_clients', 20).optional(),
});

export const recallSchema = z.strictObject({
  from_client: clientId,
  timestamp: z.number({ error: 'timestamp (ms) is required' }).int(),
  to_clients: clientIds('to_clients', 20).optional(),
});

export const clientIdsBody = z.strictObject({
  client_ids: clientIds('client_ids', 1000).min(1, 'client_ids needs at least one client id'),
});

/** A JSON object body, parsed against `schema`; anything else is a readable 400. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw invalidJson();
  return parseInput(schema, body, 'body');
}

/** An integer query parameter in [min, max]; `fallback` when absent. */
export function intParam(
  q: Record<string, string>,
  name: string,
  fallback: number | undefined,
  min = Number.MIN_SAFE_INTEGER,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  const v = q[name];
  if (v === undefined || v === '') return fallback;
  if (!/^-?\d{1,16}$/.test(v)) throw badRequest(LcCode.InvalidParameter, `${name} must be an integer.`);
  const n = Number(v);
  if (n < min || n > max)
    throw badRequest(LcCode.InvalidParameter, `${name} must be between ${min} and ${max}.`);
  return n;
}

export function boolParam(q: Record<string, string>, name: string): boolean {
  const v = q[name];
  if (v === undefined || v === '' || v === 'false' || v === '0') return false;
  if (v === 'true' || v === '1') return true;
  throw badRequest(LcCode.InvalidParameter, `${name} must be true or false.`);
}

export function stringParam(q: Record<string, string>, name: string): string | undefined {
  const v = q[name];
  if (v === undefined || v === '') return undefined;
  if (v.length > ID_MAX) throw badRequest(LcCode.InvalidParameter, `${name} is too long.`);
  return v;
}
