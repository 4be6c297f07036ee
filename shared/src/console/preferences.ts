import { z } from 'zod';

/** Languages the console is written in (the web app's i18n resources). */
export const CONSOLE_LANGUAGES = ['en', 'zh-CN'] as const;
export const CONSOLE_THEMES = ['light', 'dark', 'system'] as const;

/** True for an IANA zone name the runtime knows, e.g. "Asia/Shanghai" or "UTC". */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * A console user's own settings, kept on the server so they follow the person to another browser.
 * null means "not chosen": the browser's language, the system theme, the browser's time zone.
 */
export const preferencesSchema = z.object({
  language: z.enum(CONSOLE_LANGUAGES).nullable(),
  theme: z.enum(CONSOLE_THEMES).nullable(),
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, { message: 'is not a time zone name such as "UTC" or "Asia/Shanghai"' })
    .nullable(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** A change: only the settings named are replaced. */
export const preferencesUpdateSchema = preferencesSchema.partial().strict();
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;

export const preferencesResponseSchema = z.object({ preferences: preferencesSchema });
export type PreferencesResponse = z.infer<typeof preferencesResponseSchema>;

export const NO_PREFERENCES: Preferences = { language: null, theme: null, timeZone: null };
