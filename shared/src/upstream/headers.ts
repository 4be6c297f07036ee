/** Request headers of Doc 1 Authentication, lower-cased as Node delivers them. */
export const LC_HEADERS = {
  id: 'x-lc-id',
  key: 'x-lc-key',
  sign: 'x-lc-sign',
  session: 'x-lc-session',
  prod: 'x-lc-prod',
} as const;

/** Suffix that marks the master key in X-LC-Key and X-LC-Sign. */
export const MASTER_SUFFIX = 'master';
