import type { Migration } from '@switchboard/shared/sql';

/**
 * Console state: users, sessions, the first-run setup token and the audit log (so several bff
 * processes share it).
 */
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
  {
    id: '0002_audit_log',
    // Append-only: the domain module only inserts and selects, and the trigger refuses UPDATE,
    // DELETE and TRUNCATE from anyone else too (PGlite runs plpgsql triggers as Postgres does).
    sql: `
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        actor_id text,
        actor_email text,
        role text,
        app text,
        action text NOT NULL,
        target jsonb,
        summary jsonb,
        before jsonb,
        after jsonb,
        result text NOT NULL CHECK (result IN ('ok', 'denied', 'error')),
        status int,
        request_id text,
        ip text
      );
      CREATE INDEX audit_log_at ON audit_log (at);
      CREATE INDEX audit_log_actor ON audit_log (actor_email, id);
      CREATE INDEX audit_log_action ON audit_log (action, id);
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
      END
      $$;
      CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
    `,
  },
  {
    id: '0003_console_app_roles_and_invitations',
    // Per-app roles override the console-wide role for one app. Invited users have no password
    // until they follow their one-time link; links (invitations and password resets) are stored
    // as hashes only.
    sql: `
      CREATE TABLE console_user_app_roles (
        user_id text NOT NULL REFERENCES console_users(id) ON DELETE CASCADE,
        app text NOT NULL,
        role text NOT NULL,
        PRIMARY KEY (user_id, app)
      );
      ALTER TABLE console_users ALTER COLUMN password_hash DROP NOT NULL;
      ALTER TABLE console_users ADD COLUMN last_login_at timestamptz;
      CREATE TABLE console_password_tokens (
        token_hash text PRIMARY KEY,
        user_id text NOT NULL REFERENCES console_users(id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('invite', 'reset')),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX console_password_tokens_user ON console_password_tokens (user_id);
    `,
  },
  {
    id: '0004_login_security',
    // Failed sign-ins by key ('ip:<address>' or 'account:<normalized e-mail>') for the lockout of
    // domain/login-throttle.ts, shared by every bff process. Two-step sign-in: the confirmed TOTP
    // secret (base32, null when off), one awaiting its first code, and the last time step a code
    // was accepted for (a code is refused a second time).
    sql: `
      CREATE TABLE console_login_failures (
        key text NOT NULL,
        at timestamptz NOT NULL
      );
      CREATE INDEX console_login_failures_key_at ON console_login_failures (key, at);
      CREATE INDEX console_login_failures_at ON console_login_failures (at);
      ALTER TABLE console_users ADD COLUMN totp_secret text;
      ALTER TABLE console_users ADD COLUMN totp_pending_secret text;
      ALTER TABLE console_users ADD COLUMN totp_last_step bigint;
    `,
  },
  {
    id: '0005_saved_views',
    // Saved queries of the data browser, per app and class; a shared one is listed to everyone
    // who may read the app's data. They go with their owner.
    sql: `
      CREATE TABLE console_saved_views (
        id text PRIMARY KEY,
        app text NOT NULL,
        class_name text NOT NULL,
        name text NOT NULL,
        query text NOT NULL,
        shared boolean NOT NULL DEFAULT false,
        owner_id text NOT NULL REFERENCES console_users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX console_saved_views_app_class ON console_saved_views (app, class_name);
    `,
  },
  {
    id: '0006_grid_layouts',
    // Each console user's grid layout (columns shown, order, widths, pinned) per app and class,
    // as the console API's contract shapes it; it goes with its user.
    sql: `
      CREATE TABLE console_grid_layouts (
        user_id text NOT NULL REFERENCES console_users(id) ON DELETE CASCADE,
        app text NOT NULL,
        class_name text NOT NULL,
        layout jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, app, class_name)
      );
    `,
  },
  {
    id: '0007_console_preferences',
    // Each console user's language, theme and time zone; null columns mean "not chosen".
    sql: `
      CREATE TABLE console_preferences (
        user_id text PRIMARY KEY REFERENCES console_users(id) ON DELETE CASCADE,
        language text,
        theme text,
        time_zone text,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    id: '0008_totp_encryption_and_login_claims',
    // TOTP secrets are stored sealed with the console secret key (domain/secret-box.ts); one
    // sealed known value lets a start with another key fail loudly instead of at sign-in. A
    // sign-in attempt claims its failure row before the password is checked (attempt names it),
    // so concurrent attempts can never pass the lockout together.
    sql: `
      CREATE TABLE console_secret_check (
        id int PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        sealed text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      ALTER TABLE console_login_failures ADD COLUMN attempt text;
      CREATE INDEX console_login_failures_attempt ON console_login_failures (attempt);
    `,
  },
  {
    id: '0009_console_migrations',
    // The console's migration wizard: one row per run, its progress and checkpoints written as it
    // goes (so any bff process can show it, and a run whose process died can be resumed). A live
    // run's source master key is kept sealed with the console secret key, never shown.
    sql: `
      CREATE TABLE console_migrations (
        id text PRIMARY KEY,
        app text NOT NULL,
        kind text NOT NULL,
        status text NOT NULL,
        source text NOT NULL,
        source_config jsonb NOT NULL,
        source_key_sealed text,
        download_files boolean NOT NULL DEFAULT false,
        created_by text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        heartbeat_at timestamptz,
        progress jsonb NOT NULL DEFAULT '{}'::jsonb,
        checkpoint jsonb,
        error text
      );
      CREATE INDEX console_migrations_app_created ON console_migrations (app, created_at DESC);
    `,
  },
  {
    id: '0010_app_settings',
    // Console choices per app: the ACL the console gives the objects it creates (null while
    // nobody chose one). Who changed it last is kept by e-mail; the audit log has the history.
    sql: `
      CREATE TABLE console_app_settings (
        app text PRIMARY KEY,
        default_acl jsonb,
        updated_by text,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      `,
  },
  {
    id: '0011_audit_pending_entries',
    // A write is audited before it is sent (result 'pending') and completed after with its outcome
    // ('ok', 'error', or 'unknown' when no answer came). The append-only trigger lets exactly that
    // through: one change of a pending row to a final result, its identity columns (who, when,
    // where from, which action, the object before) untouched. Finished rows stay unchangeable.
    sql: `
      ALTER TABLE audit_log DROP CONSTRAINT audit_log_result_check;
      ALTER TABLE audit_log ADD CONSTRAINT audit_log_result_check
        CHECK (result IN ('ok', 'denied', 'error', 'pending', 'unknown'));
      CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND TG_LEVEL = 'ROW' THEN
          IF OLD.result = 'pending' AND NEW.result <> 'pending'
             AND NEW.id = OLD.id AND NEW.at = OLD.at
             AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id
             AND NEW.actor_email IS NOT DISTINCT FROM OLD.actor_email
             AND NEW.role IS NOT DISTINCT FROM OLD.role
             AND NEW.app IS NOT DISTINCT FROM OLD.app
             AND NEW.action = OLD.action
             AND NEW.before IS NOT DISTINCT FROM OLD.before
             AND NEW.request_id IS NOT DISTINCT FROM OLD.request_id
             AND NEW.ip IS NOT DISTINCT FROM OLD.ip THEN
            RETURN NEW;
          END IF;
        END IF;
        RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
      END
      $$;
    `,
  },
];
