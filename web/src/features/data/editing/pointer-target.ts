import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ConsoleApiError, upstreamGet } from '../../../lib/api';
import { classKeys } from '../api/keys';
import { objectPath } from './conditional';
import { fail } from './json-text';
import type { Parsed } from './json-text';

export interface PointerValue {
  __type: 'Pointer';
  className: string;
  objectId: string;
}

/** Whether the object a pointer names is there: asked of the app, as a get of that object. */
export type TargetState = 'checking' | 'exists' | 'missing' | 'unchecked';

/** The app's own 404 for a get (code 101, no such object), as some servers answer, not the console's. */
const isMissing = (error: unknown) =>
  error instanceof ConsoleApiError && error.status === 404 && error.code === 'upstream_error';

// LeanCloud answers a get of a missing object with 200 and an empty object.
const answerSchema = z.looseObject({ objectId: z.string().optional() });

async function exists(app: string, className: string, objectId: string, signal: AbortSignal) {
  try {
    const found = await upstreamGet(app, objectPath(className, objectId), answerSchema, { signal });
    return found.objectId === objectId;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

export function usePointerTarget(app: string, pointer: PointerValue | undefined) {
  const query = useQuery({
    queryKey: [...classKeys.detail(app, pointer?.className ?? ''), 'exists', pointer?.objectId ?? ''],
    queryFn: ({ signal }) => exists(app, pointer?.className ?? '', pointer?.objectId ?? '', signal),
    enabled: pointer !== undefined,
    staleTime: 30_000,
    retry: false,
  });
  const state: TargetState =
    query.data === true
      ? 'exists'
      : query.data === false
        ? 'missing'
        : query.isError
          ? 'unchecked'
          : 'checking';
  return { state, error: query.error };
}

/**
 * A pointer as the editor reports it: only once its target is known to exist, or the person has
 * confirmed a target that is missing (or could not be checked). A pointer to nothing is saved
 * without a word otherwise.
 */
export function checkedPointer(
  parsed: Parsed<PointerValue>,
  state: TargetState,
  confirmed: boolean,
): Parsed<PointerValue> {
  if (!parsed.ok) return parsed;
  const { className, objectId } = parsed.value;
  if (state === 'exists' || confirmed) return parsed;
  if (state === 'checking') return fail('pointerChecking', { className, objectId });
  return fail(state === 'missing' ? 'pointerMissing' : 'pointerUnchecked', { className, objectId });
}
