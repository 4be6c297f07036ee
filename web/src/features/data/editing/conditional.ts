import { isPlainObject } from '@switchboard/shared';
import { ConsoleApiError } from '../../../lib/api';

/** The spec's code for a conditional update or delete whose condition did not hold. */
export const CONDITION_FAILED = 305;

/** One element of POST /1.1/batch, with its own query parameters. */
export interface BatchRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  path: `/1.1/${string}`;
  body?: Record<string, unknown>;
  params?: Record<string, unknown>;
}

export type BatchElement = { success: unknown } | { error: { code: number; error: string } };

/**
 * Holds only while nobody has written the object since `updatedAt` was read. Plain equality: the
 * spec's where has no `$eq`, and the console refuses a where the API server would not read.
 */
export const unchangedSince = (updatedAt: string) => ({
  updatedAt: { __type: 'Date', iso: updatedAt },
});

export const objectPath = (className: string, objectId: string): `/1.1/${string}` =>
  `/1.1/classes/${encodeURIComponent(className)}/${encodeURIComponent(objectId)}`;

/** An update of some fields that fails with 305 instead of overwriting someone else's change. */
export function conditionalUpdate(
  className: string,
  objectId: string,
  updatedAt: string,
  body: Record<string, unknown>,
): BatchRequest {
  return {
    method: 'PUT',
    path: objectPath(className, objectId),
    body,
    params: { where: unchangedSince(updatedAt) },
  };
}

/** A field set to "missing" is removed with the Delete operation rather than written. */
export function fieldWrite(value: unknown): unknown {
  return value === undefined ? { __op: 'Delete' } : value;
}

export function isConditionFailed(error: unknown): boolean {
  if (error instanceof ConsoleApiError) {
    const details = error.details;
    return isPlainObject(details) && details.upstreamCode === CONDITION_FAILED;
  }
  return false;
}

export type ElementOutcome =
  | { kind: 'saved'; updatedAt?: string }
  | { kind: 'conflict' }
  | { kind: 'failed'; code: number; error: string };

/** What one batch element's answer means for the edit that sent it. */
export function elementOutcome(element: BatchElement | undefined): ElementOutcome {
  if (!element) return { kind: 'failed', code: 0, error: 'No answer for this operation' };
  if ('error' in element) {
    return element.error.code === CONDITION_FAILED
      ? { kind: 'conflict' }
      : { kind: 'failed', code: element.error.code, error: element.error.error };
  }
  const success = element.success;
  return isPlainObject(success) && typeof success.updatedAt === 'string'
    ? { kind: 'saved', updatedAt: success.updatedAt }
    : { kind: 'saved' };
}

/** Deep equality of JSON values, for "has anyone changed this field since I read it?". */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
