import type { Migration } from '@switchboard/shared/sql';

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
];
