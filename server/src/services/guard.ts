import { LcCode } from '@switchboard/shared';
import { isUniqueViolation, pgErrorCode } from '@switchboard/shared/sql';
import { databaseLimitError } from '../http/db-limits';
import { ApiError, badRequest, classNotFound } from '../http/errors';
import type { ClassRegistry } from '../store/classes';
import { isMissingTable } from '../store/objects';

/** Maps database errors a client can cause to their 4xx; the rest propagate as 500s. */
export async function guard<T>(className: string, classes: ClassRegistry, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if (isMissingTable(e)) {
      classes.forget(className);
      throw classNotFound();
    }
    if (isUniqueViolation(e)) {
      throw badRequest(LcCode.DuplicateValue, 'A unique field was given a value that is already taken.');
    }
    const limit = databaseLimitError(e);
    if (limit) throw limit;
    const code = pgErrorCode(e);
    if (code === '2201B') throw badRequest(LcCode.InvalidParameter, 'Invalid regular expression in $regex.');
    // Numbers outside what Postgres can compute with (overflow in sums, geo maths on junk).
    if (code === '22003' || code === '22P02' || code === '22008') {
      throw badRequest(LcCode.InvalidParameter, 'A value in the request is out of range for the database.');
    }
    throw e;
  }
}
