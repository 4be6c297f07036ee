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
 * How long a process trusts the settings it read: another process's change is seen within this
 * time, a change made here at once. Hot paths (every history read, every message's rate check)
 * then read the row once a second rather than once a request.
 */
const FRESH_MS = 1000;

/**
 * Settings live in the database (so every server process agrees and a change needs no restart);
 * the environment gives the values until someone changes them.
 */
export class SettingsService {
  private changes = 0;
  private cached: { at: number; value: AppSettings } | undefined;
  constructor(private readonly defaults: AppSettings) {}

  /** Grows with every change made through this process: what was read at one revision still holds. */
  get revision(): number {
    return this.changes;
  }

  async get(sql: Sql): Promise<AppSettings> {
    if (this.cached && Date.now() - this.cached.at < FRESH_MS) return this.cached.value;
    const revision = this.changes;
    const rows = await sql.query<{ value: Partial<AppSettings> }>(
      "SELECT value FROM lc_app_settings WHERE key = 'app'",
    );
    const value = { ...this.defaults, ...(rows[0]?.value ?? {}) };
    // A change made here while the row was being read wins over what the read saw.
    if (revision === this.changes) this.cached = { at: Date.now(), value };
    return value;
  }

  /** Merges `patch` into the stored settings in one statement, so concurrent changes both hold. */
  async update(sql: Sql, patch: Partial<AppSettings>): Promise<AppSettings> {
    const rows = await sql.query<{ value: Partial<AppSettings> }>(
      `INSERT INTO lc_app_settings (key, value) VALUES ('app', $1::jsonb)
       ON CONFLICT (key) DO UPDATE SET value = lc_app_settings.value || EXCLUDED.value
       RETURNING value`,
      [JSON.stringify(patch)],
    );
    const value = { ...this.defaults, ...(rows[0]?.value ?? patch) };
    this.changes++;
    this.cached = { at: Date.now(), value };
    return value;
  }

  /** Drops what was read (after the stored settings were wiped). */
  forget(): void {
    this.changes++;
    this.cached = undefined;
  }
}
