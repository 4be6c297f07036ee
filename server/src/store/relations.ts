import type { Sql } from '@switchboard/shared/sql';
import type { RelationChange } from '../services/relation-ops';

/** Relation members live in one table: (owner class, field, owner id) -> target ids. */
export async function applyRelationChanges(
  sql: Sql,
  ownerClass: string,
  ownerId: string,
  changes: RelationChange[],
): Promise<void> {
  for (const c of changes) {
    if (c.clear) {
      await sql.query('DELETE FROM lc_relations WHERE owner_class = $1 AND field = $2 AND owner_id = $3', [
        ownerClass,
        c.field,
        ownerId,
      ]);
    }
    if (c.remove.length) {
      await sql.query(
        'DELETE FROM lc_relations WHERE owner_class = $1 AND field = $2 AND owner_id = $3 AND target_id = ANY($4::text[])',
        [ownerClass, c.field, ownerId, c.remove],
      );
    }
    if (c.add.length) {
      await sql.query(
        `INSERT INTO lc_relations (owner_class, field, owner_id, target_class, target_id)
         SELECT $1, $2, $3, $4, t FROM unnest($5::text[]) AS t
         ON CONFLICT DO NOTHING`,
        [ownerClass, c.field, ownerId, c.className, c.add],
      );
    }
  }
}

/** Drops the relations an object owned, when it is deleted. */
export async function deleteOwnedRelations(sql: Sql, ownerClass: string, ownerIds: string[]): Promise<void> {
  if (ownerIds.length === 0) return;
  await sql.query('DELETE FROM lc_relations WHERE owner_class = $1 AND owner_id = ANY($2::text[])', [
    ownerClass,
    ownerIds,
  ]);
}
