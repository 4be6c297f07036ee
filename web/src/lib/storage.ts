/**
 * Preferences kept in localStorage. Storage can be missing or throw (private windows, disabled
 * storage); a preference that cannot be kept must never break the console.
 */
export const STORAGE_KEYS = {
  language: 'switchboard.language',
  colorMode: 'switchboard.colorMode',
  timeZone: 'switchboard.timeZone',
} as const;

export function readPreference(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writePreference(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Not kept for the next visit; the choice still applies now.
  }
}
