import { useState } from 'react';
import { readPreference, writePreference } from '../../../../lib/storage';

const KEY = 'switchboard.data.hideEmptyClasses';

/** The class list's "hide empty classes" switch, kept for the next visit. */
export function useHideEmptyClasses(): [boolean, (hide: boolean) => void] {
  const [hide, setHide] = useState(() => readPreference(KEY) === 'true');
  const change = (next: boolean) => {
    setHide(next);
    writePreference(KEY, String(next));
  };
  return [hide, change];
}
