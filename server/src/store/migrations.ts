import type { Migration } from '@switchboard/shared/sql';
import { classOptionsMigrations } from './class-options-migrations';
import { queryLimitFunctions } from './limit-functions';

/** Server tables besides the per-class object tables (which store/classes.ts creates on demand). */
export const serverMigrations: readonly Migration[] = [
  {
    id: '0001_classes',
    sql: `
      CREATE TABLE lc_classes (
        name text COLLATE "C" PRIMARY KEY,
        fields jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    id: '0002_relations',
    sql: `
      CREATE TABLE lc_relations (
        owner_class text COLLATE "C" NOT NULL,
        field text COLLATE "C" NOT NULL,
        owner_id text COLLATE "C" NOT NULL,
        target_class text COLLATE "C" NOT NULL,
        target_id text COLLATE "C" NOT NULL,
        PRIMARY KEY (owner_class, field, owner_id, target_id)
      );
      CREATE INDEX lc_relations_by_target ON lc_relations (owner_class, field, target_id);
    `,
  },
  {
    id: '0003_exports',
    sql: `
      CREATE TABLE lc_export_tasks (
        id text PRIMARY KEY,
        status text NOT NULL,
        params jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        claimed_by text,
        claimed_at timestamptz,
        finished_at timestamptz,
        error text
      );
      CREATE INDEX lc_export_tasks_pending ON lc_export_tasks (created_at) WHERE status = 'running';
      CREATE TABLE lc_export_chunks (
        task_id text NOT NULL REFERENCES lc_export_tasks(id) ON DELETE CASCADE,
        seq int NOT NULL,
        data bytea NOT NULL,
        PRIMARY KEY (task_id, seq)
      );
    `,
  },
  {
    id: '0004_indexes',
    sql: `
      CREATE TABLE lc_indexes (
        class_name text COLLATE "C" NOT NULL,
        name text COLLATE "C" NOT NULL,
        keys jsonb NOT NULL,
        is_unique boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (class_name, name)
      );
    `,
  },
  {
    id: '0005_accounts',
    sql: `
      CREATE TABLE lc_user_auth (
        user_id text COLLATE "C" PRIMARY KEY,
        password_hash text,
        lock_state jsonb NOT NULL DEFAULT '{"locked": false, "times": []}'::jsonb
      );
      CREATE TABLE lc_sessions (
        token_hash text PRIMARY KEY,
        user_id text COLLATE "C" NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX lc_sessions_by_user ON lc_sessions (user_id);
      CREATE TABLE lc_auth_links (
        platform text COLLATE "C" NOT NULL,
        uid text COLLATE "C" NOT NULL,
        user_id text COLLATE "C" NOT NULL,
        PRIMARY KEY (platform, uid)
      );
      CREATE INDEX lc_auth_links_by_user ON lc_auth_links (user_id);
      CREATE TABLE lc_account_tokens (
        token_hash text PRIMARY KEY,
        kind text NOT NULL,
        user_id text COLLATE "C" NOT NULL,
        target text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE TABLE lc_sms_codes (
        phone text COLLATE "C" NOT NULL,
        purpose text NOT NULL,
        code text NOT NULL,
        user_id text COLLATE "C",
        expires_at timestamptz NOT NULL,
        attempts int NOT NULL DEFAULT 0,
        PRIMARY KEY (phone, purpose)
      );
      CREATE TABLE lc_outbox (
        id bigserial PRIMARY KEY,
        channel text NOT NULL,
        recipient text NOT NULL,
        kind text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        link text,
        code text,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX lc_outbox_by_recipient ON lc_outbox (recipient, id);
      CREATE TABLE lc_app_settings (
        key text PRIMARY KEY,
        value jsonb NOT NULL
      );
    `,
  },
  {
    id: '0006_file_uploads',
    sql: `
      CREATE TABLE lc_file_uploads (
        token_hash text PRIMARY KEY,
        file_id text COLLATE "C" NOT NULL,
        key text NOT NULL,
        expires_at timestamptz NOT NULL,
        uploaded_at timestamptz
      );
      CREATE INDEX lc_file_uploads_by_file ON lc_file_uploads (file_id);
    `,
  },
  { id: '0007_query_limits', sql: queryLimitFunctions },
  ...classOptionsMigrations,
];
