import { LcCode } from '@switchboard/shared';
import { ConsoleApiError } from '../../../lib/api';

export type UserField = 'username' | 'email' | 'mobilePhoneNumber';
export type Problem = 'taken' | 'invalid';

/** Upstream codes (Doc 1) that are about one field of a user, and what is wrong with it. */
const FIELD_CODES: Record<number, { field: UserField; problem: Problem }> = {
  [LcCode.UsernameTaken]: { field: 'username', problem: 'taken' },
  [LcCode.EmailTaken]: { field: 'email', problem: 'taken' },
  [LcCode.PhoneTaken]: { field: 'mobilePhoneNumber', problem: 'taken' },
  [LcCode.InvalidEmail]: { field: 'email', problem: 'invalid' },
  [LcCode.InvalidPhoneNumber]: { field: 'mobilePhoneNumber', problem: 'invalid' },
};

/** Which field a refused create collided on or got wrong, so the message can sit next to it. */
export function fieldProblem(error: unknown): { field: UserField; problem: Problem } | undefined {
  if (!(error instanceof ConsoleApiError)) return undefined;
  const details = error.details as { upstreamCode?: unknown } | null | undefined;
  const code = details && typeof details === 'object' ? details.upstreamCode : undefined;
  return typeof code === 'number' ? FIELD_CODES[code] : undefined;
}
