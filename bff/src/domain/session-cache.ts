import type { ConsoleUser } from '@switchboard/shared';

/**
 * Resolved sessions kept in memory for a moment, so a burst of console requests does not look up
 * the same session in the database for each one. This process forgets an entry at once when it
 * ends the session or changes the user; another BFF process sharing the database notices such a
 * change within TTL_MS.
 */
export const SESSION_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  user: ConsoleUser;
  until: number;
}

const entries = new Map<string, Entry>();

export function cachedSession(sessionId: string, now = Date.now()): ConsoleUser | undefined {
  const e = entries.get(sessionId);
  if (!e) return undefined;
  if (now < e.until) return e.user;
  entries.delete(sessionId);
  return undefined;
}

export function cacheSession(sessionId: string, user: ConsoleUser, now = Date.now()): void {
  // Bounded: when full, the oldest entry goes (a Map iterates in insertion order).
  if (entries.size >= MAX_ENTRIES) {
    const oldest = entries.keys().next();
    if (!oldest.done) entries.delete(oldest.value);
  }
  entries.set(sessionId, { user, until: now + SESSION_CACHE_TTL_MS });
}

export function forgetSession(sessionId: string): void {
  entries.delete(sessionId);
}

/** Forgets every cached session of a user (signed out everywhere, disabled, roles changed). */
export function forgetUser(userId: string): void {
  for (const [id, e] of entries) if (e.user.id === userId) entries.delete(id);
}
