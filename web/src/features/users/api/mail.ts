import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { upstreamGet, upstreamSend } from '../../../lib/api';
import { capabilitiesQueryOptions } from '../../../lib/api/capabilities';

export type MailKind = 'reset_password' | 'verify_email';

const MAIL_PATHS = {
  reset_password: '/1.1/requestPasswordReset',
  verify_email: '/1.1/requestEmailVerify',
} as const;

/** One message in our server's outbox (GET /1.1/switchboard/outbox). */
const outboxSchema = z.object({
  results: z.array(
    z.looseObject({
      recipient: z.string(),
      kind: z.string(),
      link: z.string().optional(),
      createdAt: z.string(),
    }),
  ),
});

/** The link of the newest mail of this kind to this address, if the outbox has one. */
export async function outboxLink(app: string, email: string, kind: MailKind): Promise<string | undefined> {
  const res = await upstreamGet(app, '/1.1/switchboard/outbox', outboxSchema, {
    query: { recipient: email, channel: 'mail', limit: '20' },
  });
  return res.results.find((m) => m.kind === kind)?.link;
}

/**
 * Sends a password reset or verification mail. On our server the mail lands in the outbox instead
 * of a mailbox, so its link is read back for the person at the console to hand over. Whether the
 * upstream is ours is settled before reading (a click may come before the page knew).
 */
export function useSendMail(app: string, email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (kind: MailKind) => {
      await upstreamSend(app, 'POST', MAIL_PATHS[kind], z.looseObject({}), { body: { email } });
      const caps = await queryClient.ensureQueryData(capabilitiesQueryOptions(app)).catch(() => undefined);
      const ours = caps?.areas.schemaWrite === true;
      return { kind, ours, link: ours ? await outboxLink(app, email, kind) : undefined };
    },
  });
}
