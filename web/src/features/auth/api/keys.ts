import { SESSION_KEY } from '../../../lib/session';

/** Query keys of the console session and first-run setup, defined once. */
export const authKeys = {
  all: ['auth'] as const,
  session: () => SESSION_KEY,
  setupStatus: () => [...authKeys.all, 'setup-status'] as const,
};
