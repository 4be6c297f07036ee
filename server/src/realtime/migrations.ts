import type { Migration } from '@switchboard/shared/sql';

/** The realtime gateway's own tables (the messaging tables are the IM area's). */
export const realtimeMigrations: readonly Migration[] = [
  {
    id: '0001_rtm_notifications',
    sql: `
      CREATE TABLE lc_rtm_notifications (
        id bigserial PRIMARY KEY,
        client_id text COLLATE "C" NOT NULL,
        ts bigint NOT NULL,
        cmd text NOT NULL,
        op text NOT NULL,
        payload jsonb NOT NULL
      );
      CREATE INDEX lc_rtm_notifications_by_client ON lc_rtm_notifications (client_id, ts, id);
    `,
  },
  {
    // Session tokens shared by every process, so a reconnect to another one needs no new login.
    id: '0002_rtm_session_tokens',
    sql: `
      CREATE TABLE lc_rtm_tokens (
        token_hash text COLLATE "C" PRIMARY KEY,
        client_id text COLLATE "C" NOT NULL,
        tag text,
        expires_at bigint NOT NULL
      );
      CREATE INDEX lc_rtm_tokens_expiry ON lc_rtm_tokens (expires_at);
    `,
  },
  {
    // Per client, the timestamp of the newest global broadcast it got (live or at a login), so a
    // login hands over the still-valid ones it missed, each once.
    id: '0003_rtm_broadcast_marks',
    sql: `
      CREATE TABLE lc_rtm_broadcast_marks (
        client_id text COLLATE "C" PRIMARY KEY,
        ts bigint NOT NULL
      );
    `,
  },
];
