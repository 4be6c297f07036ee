import { useState } from 'react';

/**
 * Whether `open` has ever been true. A menu, popover or snackbar rendered only from then on
 * stays mounted after it closes (so it still animates out), while a page that shows several of
 * them closed renders none of their machinery, nor their items, on its first render.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
