import { z } from 'zod';
import type { Sql } from '@switchboard/shared/sql';
import { DEFAULT_IM_SETTINGS, imSettingsShape } from '../im/settings';
import { DEFAULT_PUSH_SETTINGS, pushSettingsShape } from '../push/settings';

/** Doc 1 Authentication rule 6 and the _User query permission: console settings of the app. */
export const appSettingsSchema = z
  .object({
    /** E-mail verification on: new and changed e-mails get emailVerified false and a link. */
    emailVerify: z.boolean(),
    /** Refuse login to users whose e-mail is not verified (only with emailVerify). */
    forbidUnverifiedEmailLogin: z.boolean(),
    /** A password change closes the user's sessions and issues a new token. */
    forceRelogin: z.boolean(),
    /** Clients without the master key may query _User. */
    userQueryOpen: z.boolean(),
    /** Clients without the master key may create classes (their first object's class). */
    clientClassCreation: z.boolean(),
    ...pushSettingsShape,
    ...imSettingsShape,
  })
  .strict();

export type AppSettings = z.infer<typeof appSettingsSchema>;

export const DEFAULT_SETTINGS: AppSettings = {
  emailVerify: false,
  forbidUnverifiedEmailLogin: false,
  forceRelogin: false,
  userQueryOpen: false,
  clientClassCreation: true,
  ...DEFAULT_PUSH_SETTINGS,
  ...DEFAULT_IM_SETTINGS,
};

/**
 * Settings live in the database (so every server process agrees and a change needs no restart);
 * the environment gives the values until someone changes them.
 */
export class SettingsService {
  private changes = 0;
  constructor(private readonly defaults: AppSettings) {}

  /** Grows with every change made through this process: what was read at one revision still holds. */
  get revision(): number {
    return this.changes;
  }

  async get(sql: Sql): Promise<AppSettings> {
    const rows = await sql.query<{ value: Partial<AppSettings> }>(
      "SELECT value FROM lc_app_settings WHERE key = 'app'",
    );
    return { ...this.defaults, ...(rows[0]?.value ?? {}) };
  }

  async update(sql: Sql, patch: Partial<AppSettings>): Promise<AppSettings> {
    const next = { ...(await this.get(sql)), ...patch };
    await sql.query(
      `INSERT INTO lc_app_settings (key, value) VALUES ('app', $1::jsonb)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [JSON.stringify(next)],
    );
    this.changes++;
    return next;
  }
}
