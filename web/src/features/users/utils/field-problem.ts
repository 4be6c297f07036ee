import { ConsoleApiError } from '../../../lib/api';

/** Fields a new user must not share with another user, and the upstream code for each (Doc 1). */
export const UNIQUE_FIELDS = { 202: 'username', 203: 'email', 214: 'mobilePhoneNumber' } as const;
export type UniqueField = (typeof UNIQUE_FIELDS)[keyof typeof UNIQUE_FIELDS];

/** Which field a refused create or update collided on, when that is why it was refused. */
export function duplicateField(error: unknown): UniqueField | undefined {
  if (!(error instanceof ConsoleApiError)) return undefined;
  const details = error.details as { upstreamCode?: unknown } | null | undefined;
  const code = details && typeof details === 'object' ? details.upstreamCode : undefined;
  return typeof code === 'number' && code in UNIQUE_FIELDS
    ? UNIQUE_FIELDS[code as keyof typeof UNIQUE_FIELDS]
    : undefined;
}
