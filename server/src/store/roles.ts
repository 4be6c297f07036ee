import type { Sql } from '@switchboard/shared/sql';
import { tableFor } from './tables';

/**
 * Names of the roles a user has: those whose `users` relation holds the user, and, transitively,
 * every role whose `roles` relation holds one of those (Doc 1 Role: permissions granted to a role
 * imply the same for the roles it contains). UNION stops at cycles.
 */
export async function roleNamesOf(sql: Sql, userId: string): Promise<string[]> {
  const rows = await sql.query<{ name: string }>(
    `WITH RECURSIVE r(id) AS (
       SELECT owner_id FROM lc_relations WHERE owner_class = '_Role' AND field = 'users' AND target_id = $1
       UNION
       SELECT l.owner_id FROM lc_relations l JOIN r ON l.target_id = r.id
        WHERE l.owner_class = '_Role' AND l.field = 'roles'
     )
     SELECT data->>'name' AS name FROM ${tableFor('_Role')} WHERE id IN (SELECT id FROM r) AND data ? 'name'`,
    [userId],
  );
  return rows.map((r) => r.name);
}
