import type { Sql } from '@switchboard/shared/sql';
import type { ClassRegistry } from '../../store/classes';
import { tableFor } from '../../store/tables';
import { FRESH_MS } from '../engine/audience';
import { INSTALLATION_CLASS } from '../model';

/** Installations deleted per statement, so no transaction holds many rows for long. */
const SLICE = 1000;

/**
 * Doc 2 "Automatic expiry: a record whose updatedAt is older than 90 days is deleted (a new one is
 * created when the app is opened again)". Returns how many went.
 */
export async function deleteStaleInstallations(sql: Sql, classes: ClassRegistry, now: Date): Promise<number> {
  if (!(await classes.exists(sql, INSTALLATION_CLASS))) return 0;
  const cutoff = new Date(now.getTime() - FRESH_MS);
  let total = 0;
  for (;;) {
    const gone = await sql.transaction(async (tx) => {
      const rows = await tx.query<{ id: string }>(
        `DELETE FROM ${tableFor(INSTALLATION_CLASS)} WHERE id IN (
           SELECT id FROM ${tableFor(INSTALLATION_CLASS)} WHERE updated_at < $1 ORDER BY updated_at LIMIT ${SLICE})
         RETURNING id`,
        [cutoff],
      );
      if (rows.length)
        await tx.query(
          "DELETE FROM lc_relations WHERE owner_class = '_Installation' AND owner_id = ANY($1::text[])",
          [rows.map((r) => r.id)],
        );
      return rows.length;
    });
    total += gone;
    if (gone < SLICE) return total;
  }
}
