import { ApiError } from '../http/errors';

/** The result of fn, or the ApiError it threw (other errors propagate). */
export function attempt<T>(fn: () => T): T | ApiError {
  try {
    return fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
}

/** Runs fn; on failure first lets `cleanup` undo what the rolled-back work left in memory. */
export async function withCleanup<T>(fn: () => Promise<T>, cleanup: () => void): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    cleanup();
    throw e;
  }
}
