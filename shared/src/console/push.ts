import { z } from 'zod';
import { pushResponseSchema } from '../upstream/push';
import { pushDataSchema } from '../upstream/push-data';

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
    data: pushDataSchema,
    prod: z.enum(['dev', 'prod'], { error: 'prod must be "dev" or "prod"' }).optional(),
  })
  .strict();
export type PushTestSendBody = z.infer<typeof pushTestSendBodySchema>;

export const pushTestSendResponseSchema = pushResponseSchema;
