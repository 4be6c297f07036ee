import type { Migration } from '@switchboard/shared/sql';

/**
 * The push engine's own tables. The public push record is a `_Notification` object (so listing it
 * takes Doc 1's where, order, skip and count); `lc_pushes` holds what the engine needs of each push.
 */
export const pushMigrations: readonly Migration[] = [
  {
    id: '0001_push',
    sql: `
      CREATE TABLE lc_pushes (
        id text COLLATE "C" PRIMARY KEY,
        msg_id text NOT NULL,
        seq bigserial UNIQUE,
        request jsonb NOT NULL,
        status text NOT NULL,
        push_at timestamptz NOT NULL,
        expires_at timestamptz,
        started_at timestamptz,
        cursor text COLLATE "C",
        planned boolean NOT NULL DEFAULT false,
        expired boolean NOT NULL DEFAULT false,
        chunks int NOT NULL DEFAULT 0,
        chunks_left int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX lc_pushes_scheduled ON lc_pushes (seq) WHERE status = 'scheduled';
      CREATE TABLE lc_push_chunks (
        push_id text COLLATE "C" NOT NULL REFERENCES lc_pushes(id) ON DELETE CASCADE,
        seq int NOT NULL,
        targets text[] NOT NULL,
        attempt int NOT NULL DEFAULT 1,
        done boolean NOT NULL DEFAULT false,
        PRIMARY KEY (push_id, seq)
      );
      CREATE TABLE lc_push_requests (
        req_id text COLLATE "C" PRIMARY KEY,
        push_id text COLLATE "C" NOT NULL,
        push_created_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE TABLE lc_push_rate (
        key text PRIMARY KEY,
        window_start timestamptz NOT NULL,
        calls int NOT NULL,
        blocked_until timestamptz
      );
      CREATE TABLE lc_push_daily (day date PRIMARY KEY, targets bigint NOT NULL);
      CREATE TABLE lc_push_invalid_tokens (token text COLLATE "C" PRIMARY KEY, marked_at timestamptz NOT NULL);
      CREATE TABLE lc_push_payloads (
        push_id text COLLATE "C" NOT NULL,
        digest text NOT NULL,
        payload jsonb NOT NULL,
        PRIMARY KEY (push_id, digest)
      );
      CREATE TABLE lc_push_deliveries (
        push_id text COLLATE "C" NOT NULL,
        target text COLLATE "C" NOT NULL,
        installation_id text COLLATE "C",
        device_id text COLLATE "C" NOT NULL,
        channel text NOT NULL,
        profile text NOT NULL,
        digest text NOT NULL,
        worker text NOT NULL,
        note text,
        duplicates int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (push_id, target)
      );
      CREATE INDEX lc_push_deliveries_by_installation ON lc_push_deliveries (installation_id);
      CREATE INDEX lc_push_deliveries_by_device ON lc_push_deliveries (device_id);
    `,
  },
  {
    // A cancel marks its push first (quickly, beside the chunks in flight), then deletes it.
    id: '0002_push_cancelled',
    sql: 'ALTER TABLE lc_pushes ADD COLUMN cancelled boolean NOT NULL DEFAULT false;',
  },
  {
    // The own Android channel's messages, one per (push, device), until acknowledged or expired.
    id: '0003_push_own_channel',
    sql: `
      CREATE TABLE lc_push_own (
        push_id text COLLATE "C" NOT NULL,
        installation_id text COLLATE "C" NOT NULL,
        payload jsonb NOT NULL,
        expires_at timestamptz,
        created_at timestamptz NOT NULL,
        acked_at timestamptz,
        PRIMARY KEY (installation_id, push_id)
      );
      CREATE INDEX lc_push_own_by_push ON lc_push_own (push_id);
    `,
  },
  {
    // Records made before they carried their source: a message's offline push (from-service
    // rtm) or the push API (the console's could not be told apart then). The records class may
    // not exist yet on a new database.
    id: '0004_record_source',
    sql: `
      DO $$ BEGIN
        IF to_regclass('"o__Notification"') IS NOT NULL THEN
          UPDATE "o__Notification"
             SET data = data || jsonb_build_object('source',
                   CASE WHEN data->>'from-service' = 'rtm' THEN 'rtm' ELSE 'api' END)
           WHERE NOT data ? 'source';
        END IF;
      END $$;
    `,
  },
];

/** Tables the test-only reset empties (the _Notification class goes with the other classes). */
export const PUSH_TABLES = [
  'lc_push_own',
  'lc_push_deliveries',
  'lc_push_payloads',
  'lc_push_invalid_tokens',
  'lc_push_daily',
  'lc_push_rate',
  'lc_push_requests',
  'lc_push_chunks',
  'lc_pushes',
];
