import { CLASS_NAME_PATTERN, gridLayoutSchema } from '@switchboard/shared';
import type { GridLayout } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { ConsoleError } from './errors';

export interface LayoutOwner {
  userId: string;
  app: string;
  className: string;
}

function checkClassName(className: string): void {
  if (!CLASS_NAME_PATTERN.test(className)) {
    throw new ConsoleError(400, 'bad_request', `"${className}" is not a class name (letters, digits, _).`);
  }
}

/** The user's layout of a class, or null while they have not arranged it. */
export async function getLayout(sql: Sql, owner: LayoutOwner): Promise<GridLayout | null> {
  checkClassName(owner.className);
  const rows = await sql.query<{ layout: unknown }>(
    `SELECT layout FROM console_grid_layouts WHERE user_id = $1 AND app = $2 AND class_name = $3`,
    [owner.userId, owner.app, owner.className],
  );
  if (rows.length === 0) return null;
  const raw = rows[0]?.layout;
  // Read back through the contract: a layout stored by an older console version that no longer
  // fits is forgotten rather than handed to the grid.
  const parsed = gridLayoutSchema.safeParse(typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw);
  return parsed.success ? parsed.data : null;
}

/** Replaces the user's layout of a class (one row per user, app and class). */
export async function saveLayout(sql: Sql, owner: LayoutOwner, layout: GridLayout): Promise<GridLayout> {
  checkClassName(owner.className);
  await sql.query(
    `INSERT INTO console_grid_layouts (user_id, app, class_name, layout)
     VALUES ($1, $2, $3, $4::jsonb)
     ON CONFLICT (user_id, app, class_name)
     DO UPDATE SET layout = EXCLUDED.layout, updated_at = now()`,
    [owner.userId, owner.app, owner.className, JSON.stringify(layout)],
  );
  return layout;
}
