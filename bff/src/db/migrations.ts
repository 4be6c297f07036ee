import type { Migration } from '@switchboard/shared/sql';

/** Console state: users, sessions and the first-run setup token (so several bff processes share it). */
export const bffMigrations: readonly Migration[] = [
  {
    id: '0001_console_users_sessions',
    sql: `
      CREATE TABLE console_users (
        id text PRIMARY KEY,
        email text NOT NULL UNIQUE,
        password_hash text NOT NULL,
        role text NOT NULL,
        disabled boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE console_sessions (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES console_users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX console_sessions_user ON console_sessions (user_id);
      CREATE TABLE console_setup_tokens (
        id int PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        token_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
];
