import type { Migration } from '@switchboard/shared/sql';

/**
 * Doc 3's storage beside the `_Conversation` class. Messages live in a table of their own, keyed
 * by (conversation, timestamp): a conversation's timestamps are unique and increasing, and every
 * history form (conversation, sender, app-wide) reads one index range, never a scan.
 */
export const imMigrations: readonly Migration[] = [
  {
    id: '0001_im',
    sql: `
      CREATE TABLE lc_im_messages (
        conv_id text COLLATE "C" NOT NULL,
        ts bigint NOT NULL,
        msg_id text COLLATE "C" NOT NULL UNIQUE,
        kind text NOT NULL,
        from_client text COLLATE "C" NOT NULL,
        data text NOT NULL,
        to_clients text[],
        broadcast boolean NOT NULL DEFAULT false,
        global boolean NOT NULL DEFAULT false,
        valid_till bigint,
        recalled boolean NOT NULL DEFAULT false,
        bin boolean NOT NULL DEFAULT false,
        from_ip text NOT NULL DEFAULT '',
        extra jsonb,
        PRIMARY KEY (conv_id, ts)
      );
      CREATE INDEX lc_im_messages_by_sender ON lc_im_messages (from_client, ts, msg_id) WHERE kind <> 'sys';
      CREATE INDEX lc_im_messages_by_time ON lc_im_messages (ts, msg_id);
      CREATE INDEX lc_im_messages_global ON lc_im_messages (conv_id, ts) WHERE global;
      CREATE TABLE lc_im_conv_state (
        conv_id text COLLATE "C" PRIMARY KEY,
        last_ts bigint NOT NULL,
        msg_count bigint NOT NULL
      );
      CREATE TABLE lc_im_reads (
        conv_id text COLLATE "C" NOT NULL,
        client_id text COLLATE "C" NOT NULL,
        seen bigint NOT NULL,
        PRIMARY KEY (client_id, conv_id)
      );
      CREATE TABLE lc_im_subscribers (
        conv_id text COLLATE "C" NOT NULL,
        client_id text COLLATE "C" NOT NULL,
        subscribed_at bigint NOT NULL,
        PRIMARY KEY (conv_id, client_id)
      );
      CREATE INDEX lc_im_subscribers_by_client ON lc_im_subscribers (client_id, subscribed_at, conv_id);
      CREATE TABLE lc_im_rate (
        category text PRIMARY KEY,
        window_start timestamptz NOT NULL,
        calls int NOT NULL,
        blocked_until timestamptz,
        day date NOT NULL,
        day_calls int NOT NULL
      );
    `,
  },
  {
    // The realtime gateway: when a message was last modified or recalled, each member's delivered
    // (ack) and read positions as timestamps (receipts), and who logged in each day (stats).
    id: '0002_realtime',
    sql: `
      ALTER TABLE lc_im_messages ADD COLUMN patched_at bigint;
      ALTER TABLE lc_im_reads ADD COLUMN ack_ts bigint;
      ALTER TABLE lc_im_reads ADD COLUMN read_ts bigint;
      CREATE TABLE lc_im_logins (
        day date NOT NULL,
        client_id text COLLATE "C" NOT NULL,
        PRIMARY KEY (day, client_id)
      );
    `,
  },
  {
    // Several realtime processes on one database: events too large for a NOTIFY payload, and which
    // clients are online on which process (a process that stops beating is left out).
    id: '0003_realtime_nodes',
    sql: `
      CREATE TABLE lc_im_bus (
        id bigserial PRIMARY KEY,
        payload text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE lc_im_nodes (
        node text PRIMARY KEY,
        seen_at timestamptz NOT NULL
      );
      CREATE TABLE lc_im_presence (
        node text NOT NULL,
        client_id text COLLATE "C" NOT NULL,
        PRIMARY KEY (client_id, node)
      );
    `,
  },
  {
    // Conversation moderation: members' roles besides the creator (owner), members muted
    // (shutup) and clients blocked (blacklist), each per conversation.
    id: '0004_conv_moderation',
    sql: `
      CREATE TABLE lc_im_member_roles (
        conv_id text COLLATE "C" NOT NULL,
        client_id text COLLATE "C" NOT NULL,
        role text NOT NULL,
        PRIMARY KEY (conv_id, client_id)
      );
      CREATE TABLE lc_im_shutup (
        conv_id text COLLATE "C" NOT NULL,
        client_id text COLLATE "C" NOT NULL,
        created_at bigint NOT NULL,
        PRIMARY KEY (conv_id, client_id)
      );
      CREATE TABLE lc_im_blocked (
        conv_id text COLLATE "C" NOT NULL,
        client_id text COLLATE "C" NOT NULL,
        created_at bigint NOT NULL,
        PRIMARY KEY (conv_id, client_id)
      );
    `,
  },
  {
    // A typed message's _lctype, kept beside its text so the history filtered by type (the
    // SDK's queryMessages({type})) is an index range, not a parse of every message. Existing
    // rows are filled in here from their text; one without a top-level integer _lctype stays NULL.
    id: '0005_message_lctype',
    sql: `
      ALTER TABLE lc_im_messages ADD COLUMN lctype integer;
      -- One set-based pass (a per-row loop with an exception block per row takes minutes on a
      -- large history): the type as the SDKs write it, an "_lctype" integer in an object's text.
      -- JSON is not parsed, so a broken row cannot fail the migration.
      UPDATE lc_im_messages
         SET lctype = substring(data FROM '^\\s*\\{.*"_lctype"\\s*:\\s*(-?[0-9]{1,9})\\s*[,}]')::integer
       WHERE NOT bin AND data LIKE '%"\\_lctype"%'
         AND data ~ '^\\s*\\{.*"_lctype"\\s*:\\s*-?[0-9]{1,9}\\s*[,}]';
      CREATE INDEX lc_im_messages_by_type ON lc_im_messages (conv_id, lctype, ts, msg_id)
        WHERE lctype IS NOT NULL;
    `,
  },
  {
    // Which online clients are in which chat room on which process, so a room's online members
    // and count over REST are the union of every process (as lc_im_presence is for clients).
    id: '0006_room_presence',
    sql: `
      CREATE TABLE lc_im_room_presence (
        conv_id text COLLATE "C" NOT NULL,
        client_id text COLLATE "C" NOT NULL,
        node text NOT NULL,
        PRIMARY KEY (conv_id, client_id, node)
      );
      CREATE INDEX lc_im_room_presence_by_node ON lc_im_room_presence (node, client_id);
    `,
  },
  {
    // Will messages wait here, by the process (node) and session that hold them, so they outlive
    // the process: if it dies, a live process sends them once the node stops beating.
    id: '0007_wills',
    sql: `
      CREATE TABLE lc_im_wills (
        id bigserial PRIMARY KEY,
        node text NOT NULL,
        session_key text NOT NULL,
        will jsonb NOT NULL
      );
      CREATE INDEX lc_im_wills_by_session ON lc_im_wills (node, session_key, id);
    `,
  },
  {
    // The console's "online over the last 24 hours": the most clients online across every process
    // seen in each 5-minute bucket (bucket start, epoch ms). Samples older than two days are pruned.
    id: '0008_online_samples',
    sql: `
      CREATE TABLE lc_im_online (
        at bigint PRIMARY KEY,
        n integer NOT NULL
      );
    `,
  },
  {
    // Conversations a client has blocked (LeanCloud's client-block-conversations): their messages
    // do not reach it and nobody else adds it to them. By client for its sessions and its list, by
    // conversation for the check when members are added.
    id: '0009_client_blocks',
    sql: `
      CREATE TABLE lc_im_client_blocks (
        client_id text COLLATE "C" NOT NULL,
        conv_id text COLLATE "C" NOT NULL,
        created_at bigint NOT NULL,
        PRIMARY KEY (client_id, conv_id)
      );
      CREATE INDEX lc_im_client_blocks_by_conv ON lc_im_client_blocks (conv_id, client_id);
    `,
  },
];

/** Tables the test-only reset empties (the _Conversation class goes with the other classes). */
export const IM_TABLES = [
  'lc_im_messages',
  'lc_im_conv_state',
  'lc_im_reads',
  'lc_im_subscribers',
  'lc_im_rate',
  'lc_im_logins',
  'lc_im_member_roles',
  'lc_im_shutup',
  'lc_im_blocked',
  'lc_im_online',
  'lc_im_client_blocks',
];
