import type { Sql } from '@switchboard/shared/sql';
import type { Clock } from '../../lib/clock';
import { issueToken } from '../../store/account-tokens';
import type { TokenKind } from '../../store/account-tokens';
import { record } from '../../store/outbox';

/** Doc 1 Limits: a verification e-mail is valid one week (reset links the same). */
export const MAIL_LINK_TTL_MS = 7 * 24 * 3600 * 1000;

const TEMPLATES: Record<TokenKind, { subject: string; path: string; text: string }> = {
  verify_email: {
    subject: 'Verify your e-mail address',
    path: 'verify-email',
    text: 'Open this link within one week to verify your e-mail address:',
  },
  reset_password: {
    subject: 'Reset your password',
    path: 'reset-password',
    text: 'Open this link within one week to choose a new password:',
  },
};

/** Issues a link token and records the mail carrying it in the outbox. */
export async function sendAccountMail(
  sql: Sql,
  clock: Clock,
  m: { kind: TokenKind; userId: string; email: string; baseUrl: string },
): Promise<void> {
  const now = clock.now();
  const token = await issueToken(sql, {
    kind: m.kind,
    userId: m.userId,
    target: m.email,
    expiresAt: new Date(now.getTime() + MAIL_LINK_TTL_MS),
  });
  const t = TEMPLATES[m.kind];
  const link = `${m.baseUrl}/auth/${t.path}/${token}`;
  await record(
    sql,
    {
      channel: 'mail',
      recipient: m.email,
      kind: m.kind,
      subject: t.subject,
      body: `${t.text}\n${link}\n`,
      link,
    },
    now,
  );
}
