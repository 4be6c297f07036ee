import { z } from 'zod';

/**
 * A test push to one installation, named by its objectId. The bff looks the installation up with
 * the master key and sends through /1.1/push/devices, so a role that may not read device tokens
 * (an operator) can still reach an iOS device: the token never leaves the bff.
 */
export const pushTestSendBodySchema = z
  .object({
    installation: z
      .string({ error: 'installation must be the objectId of an installation' })
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'installation must be the objectId of an installation'),
    // Checked by the server against Doc 2's rules (its 400 reaches the console as it is). Not
    // pushDataSchema here: the route table is part of every first page, and the push rules are not.
    data: z.record(z.string(), z.unknown(), { error: 'data must be an object' }),
    prod: z.enum(['dev', 'prod'], { error: 'prod must be "dev" or "prod"' }).optional(),
  })
  .strict();
export type PushTestSendBody = z.infer<typeof pushTestSendBodySchema>;

/** The /1.1/push/devices answer (upstream/push.ts's pushResponseSchema, kept out of first pages). */
export const pushTestSendResponseSchema = z.object({ objectId: z.string(), createdAt: z.string() });
