import { NO_PREFERENCES, preferencesSchema } from '@switchboard/shared';
import type { Preferences, PreferencesUpdate } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';

interface Row {
  language: string | null;
  theme: string | null;
  time_zone: string | null;
}

/**
 * Read back through the contract: a value an older console stored that no longer fits (a language
 * since removed, a zone the runtime no longer knows) reads as "not chosen".
 */
function fromRow(row: Row): Preferences {
  const out = { ...NO_PREFERENCES };
  const language = preferencesSchema.shape.language.safeParse(row.language);
  const theme = preferencesSchema.shape.theme.safeParse(row.theme);
  const timeZone = preferencesSchema.shape.timeZone.safeParse(row.time_zone);
  if (language.success) out.language = language.data;
  if (theme.success) out.theme = theme.data;
  if (timeZone.success) out.timeZone = timeZone.data;
  return out;
}

export async function getPreferences(sql: Sql, userId: string): Promise<Preferences> {
  const rows = await sql.query<Row>(
    'SELECT language, theme, time_zone FROM console_preferences WHERE user_id = $1',
    [userId],
  );
  return rows[0] ? fromRow(rows[0]) : { ...NO_PREFERENCES };
}

/** Replaces the settings named in `change` and keeps the others, in one statement. */
export async function updatePreferences(
  sql: Sql,
  userId: string,
  change: PreferencesUpdate,
): Promise<Preferences> {
  const has = (k: keyof PreferencesUpdate) => change[k] !== undefined;
  const rows = await sql.query<Row>(
    `INSERT INTO console_preferences (user_id, language, theme, time_zone)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET
       language = CASE WHEN $5 THEN EXCLUDED.language ELSE console_preferences.language END,
       theme = CASE WHEN $6 THEN EXCLUDED.theme ELSE console_preferences.theme END,
       time_zone = CASE WHEN $7 THEN EXCLUDED.time_zone ELSE console_preferences.time_zone END,
       updated_at = now()
     RETURNING language, theme, time_zone`,
    [
      userId,
      change.language ?? null,
      change.theme ?? null,
      change.timeZone ?? null,
      has('language'),
      has('theme'),
      has('timeZone'),
    ],
  );
  return rows[0] ? fromRow(rows[0]) : { ...NO_PREFERENCES };
}
