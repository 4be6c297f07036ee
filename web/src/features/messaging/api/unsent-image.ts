import { useCallback, useEffect, useRef } from 'react';
import { withdrawMessageImage } from '../../../lib/api/files';
import type { UploadedImage } from '../utils/compose';

/**
 * An image picked for a message is stored in the app at once (its size counts toward the
 * message's). One that is never sent (another picked instead, the message sent as another type,
 * the page left) is withdrawn, so abandoned drafts leave no files behind. Withdrawing is a
 * clean-up: if it fails, the file stays, as it would have without it.
 */
export function useUnsentImage(app: string, service: boolean) {
  const held = useRef<UploadedImage | undefined>(undefined);
  const withdraw = useCallback(
    (image: UploadedImage) =>
      void withdrawMessageImage(app, { service }, image.objectId).catch(() => undefined),
    [app, service],
  );
  useEffect(
    () => () => {
      // The image held when the form goes away, whichever it is by then.
      const left = held.current;
      held.current = undefined;
      if (left) withdraw(left);
    },
    [withdraw],
  );
  return {
    /** The form now holds `next` (or no image): the one held before, unsent, is withdrawn. */
    hold: (next: UploadedImage | undefined) => {
      const before = held.current;
      held.current = next;
      if (before && before.objectId !== next?.objectId) withdraw(before);
    },
    /** The held image went out with a message: it stays. */
    sent: () => {
      held.current = undefined;
    },
  };
}
