import type { SessionResponse } from '@switchboard/shared';

export type AuthGate =
  | { kind: 'loading' }
  | { kind: 'signed-in'; session: SessionResponse }
  | { kind: 'setup' }
  | { kind: 'login' }
  | { kind: 'error'; error: unknown };

export interface AuthGateInput {
  session: { data: SessionResponse | null | undefined; error: unknown; isPending: boolean };
  setup: { data: { needed: boolean } | undefined; error: unknown; isPending: boolean };
}

/**
 * Where a visitor of a console page belongs: signed in, to the first-run setup (when the BFF
 * says no admin exists yet), or to the login page. Setup status is only asked once the session
 * query has said nobody is signed in.
 */
export function decideAuthGate({ session, setup }: AuthGateInput): AuthGate {
  if (session.isPending) return { kind: 'loading' };
  if (session.error) return { kind: 'error', error: session.error };
  if (session.data) return { kind: 'signed-in', session: session.data };
  if (setup.isPending) return { kind: 'loading' };
  // If setup status cannot be read, the login page is still the right place to try.
  if (setup.error || !setup.data) return { kind: 'login' };
  return setup.data.needed ? { kind: 'setup' } : { kind: 'login' };
}
