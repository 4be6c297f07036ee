import { useQuery } from '@tanstack/react-query';
import { ConsoleApiError } from '../../../lib/api';
import { classKeys } from '../api/keys';
import { getObject } from './api';
import { fail } from './json-text';
import type { Parsed } from './json-text';

export interface PointerValue {
  __type: 'Pointer';
  className: string;
  objectId: string;
}

/** Whether the object a pointer names is there: asked of the app, as a get of that object. */
export type TargetState = 'checking' | 'exists' | 'missing' | 'unchecked';

/** The app's own 404 for a get (Doc 1: code 101, no such object), not the console's. */
const isMissing = (error: unknown) =>
  error instanceof ConsoleApiError && error.status === 404 && error.code === 'upstream_error';

export function usePointerTarget(app: string, pointer: PointerValue | undefined) {
  const query = useQuery({
    queryKey: [...classKeys.detail(app, pointer?.className ?? ''), 'exists', pointer?.objectId ?? ''],
    queryFn: async () => {
      try {
        await getObject(app, pointer?.className ?? '', pointer?.objectId ?? '');
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
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
