import type { z } from 'zod';
import { LcCode } from '@switchboard/shared';
import { badRequest } from './errors';

/** Validates input against a contract schema; the first issue becomes a 400 a person can read. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const where = issue && issue.path.length ? ` (${issue.path.join('.')})` : '';
  throw badRequest(LcCode.InvalidParameter, `Invalid ${what}${where}: ${issue?.message ?? 'malformed'}.`);
}
