import type { Sql } from '@switchboard/shared/sql';
import { tableFor } from './tables';

/** Drops every class table and empties the server's own tables (test control only). */
export async function resetAllData(sql: Sql): Promise<void> {
  await sql.transaction(async (tx) => {
    const classes = await tx.query<{ name: string }>('SELECT name FROM lc_classes');
    for (const { name } of classes) await tx.exec(`DROP TABLE IF EXISTS ${tableFor(name)}`);
    await tx.exec(
      'DELETE FROM lc_classes; DELETE FROM lc_relations; DELETE FROM lc_indexes; DELETE FROM lc_export_tasks;',
    );
  });
}
