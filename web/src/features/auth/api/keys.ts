/** Query keys of the console session and first-run setup, defined once. */
export const authKeys = {
  all: ['auth'] as const,
  session: () => [...authKeys.all, 'session'] as const,
  setupStatus: () => [...authKeys.all, 'setup-status'] as const,
};
