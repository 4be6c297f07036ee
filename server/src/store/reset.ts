import type { Sql } from '@switchboard/shared/sql';
import { tableFor } from './tables';

/** Drops every class table and empties the server's own tables (test control only). */
export async function resetAllData(sql: Sql): Promise<void> {
  await sql.transaction(async (tx) => {
    const classes = await tx.query<{ name: string }>('SELECT name FROM lc_classes');
    for (const { name } of classes) await tx.exec(`DROP TABLE IF EXISTS ${tableFor(name)}`);
    await tx.exec(
      [
        'lc_classes',
        'lc_relations',
        'lc_indexes',
        'lc_export_tasks',
        'lc_user_auth',
        'lc_sessions',
        'lc_auth_links',
        'lc_account_tokens',
        'lc_sms_codes',
        'lc_outbox',
        'lc_app_settings',
        'lc_file_uploads',
        'lc_class_permissions',
        'lc_counters',
      ]
        .map((t) => `DELETE FROM ${t};`)
        .join(' '),
    );
  });
}
