import type { Migration } from '@switchboard/shared/sql';

/** Class permissions (per class) and the counters of auto-increment fields. */
export const classOptionsMigrations: readonly Migration[] = [
  {
    id: '0101_class_permissions',
    sql: `
      CREATE TABLE lc_class_permissions (
        name text COLLATE "C" PRIMARY KEY,
        permissions jsonb NOT NULL DEFAULT '{}'::jsonb
      );
      CREATE TABLE lc_counters (
        class_name text COLLATE "C" NOT NULL,
        field text COLLATE "C" NOT NULL,
        value bigint NOT NULL,
        PRIMARY KEY (class_name, field)
      );
    `,
  },
];
