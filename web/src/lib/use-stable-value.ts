import { useState } from 'react';

/**
 * `value`, or the one returned before while `equal` finds them the same: memoized children and
 * effects that depend on it then see no change when it was only rebuilt.
 */
export function useStableValue<T>(value: T, equal: (a: T, b: T) => boolean): T {
  const [kept, setKept] = useState(value);
  if (kept === value || equal(kept, value)) return kept;
  setKept(value);
  return value;
}
