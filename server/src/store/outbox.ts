import type { Sql } from '@switchboard/shared/sql';

/**
 * Mail and SMS are not sent to providers: they are recorded here, where tests and the console
 * read them (the link or code a person would have received).
 */
export interface OutboxMessage {
  channel: 'mail' | 'sms';
  recipient: string;
  kind: string;
  subject: string;
  body: string;
  link?: string | undefined;
  code?: string | undefined;
}

export interface OutboxRow extends OutboxMessage {
  id: string;
  createdAt: string;
}

export async function record(sql: Sql, m: OutboxMessage, now: Date): Promise<void> {
  await sql.query(
    `INSERT INTO lc_outbox (channel, recipient, kind, subject, body, link, code, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [m.channel, m.recipient, m.kind, m.subject, m.body, m.link ?? null, m.code ?? null, now],
  );
}

/** Newest first, optionally for one recipient and channel. */
export async function listOutbox(
  sql: Sql,
  f: { recipient?: string | undefined; channel?: string | undefined; limit: number },
): Promise<OutboxRow[]> {
  const rows = await sql.query<{
    id: string;
    channel: 'mail' | 'sms';
    recipient: string;
    kind: string;
    subject: string;
    body: string;
    link: string | null;
    code: string | null;
    created_at: Date;
  }>(
    `SELECT id::text AS id, channel, recipient, kind, subject, body, link, code, created_at FROM lc_outbox
      WHERE ($1::text IS NULL OR recipient = $1) AND ($2::text IS NULL OR channel = $2)
      ORDER BY id DESC LIMIT $3`,
    [f.recipient ?? null, f.channel ?? null, f.limit],
  );
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    recipient: r.recipient,
    kind: r.kind,
    subject: r.subject,
    body: r.body,
    link: r.link ?? undefined,
    code: r.code ?? undefined,
    createdAt: r.created_at.toISOString(),
  }));
}
