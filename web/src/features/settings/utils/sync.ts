import { CONSOLE_LANGUAGES } from '@switchboard/shared';
import type { Preferences, PreferencesUpdate } from '@switchboard/shared';

/** What the browser has in effect now: its language, theme choice and time-zone choice. */
export interface LocalPreferences {
  language: string;
  theme: 'light' | 'dark' | 'system';
  timeZone: string | null;
}

const isConsoleLanguage = (v: string): v is Preferences['language'] & string =>
  (CONSOLE_LANGUAGES as readonly string[]).includes(v);

/**
 * The settings to apply on arrival from the server: those the person chose there (non-null) that
 * differ from what this browser shows. A null on the server ("not chosen") leaves the browser's.
 */
export function toApply(server: Preferences, local: LocalPreferences): PreferencesUpdate {
  const out: PreferencesUpdate = {};
  if (server.language && server.language !== local.language) out.language = server.language;
  if (server.theme && server.theme !== local.theme) out.theme = server.theme;
  if (server.timeZone && server.timeZone !== local.timeZone) out.timeZone = server.timeZone;
  return out;
}

/**
 * The settings to send after a change in this browser: those that changed since `before` and
 * differ from what the server holds (a change that only applied the server's value sends nothing).
 */
export function toSave(
  before: LocalPreferences,
  now: LocalPreferences,
  server: Preferences,
): PreferencesUpdate {
  const out: PreferencesUpdate = {};
  if (now.language !== before.language && isConsoleLanguage(now.language) && now.language !== server.language)
    out.language = now.language;
  if (now.theme !== before.theme && now.theme !== server.theme) out.theme = now.theme;
  if (now.timeZone !== before.timeZone && now.timeZone !== server.timeZone) out.timeZone = now.timeZone;
  return out;
}

export const isEmpty = (change: PreferencesUpdate) => Object.keys(change).length === 0;
