import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { upstreamSend } from '../../../lib/api';
import { classKeys } from './keys';

/** DELETE /1.1/schemas/<className>: the class and every object in it. */
export const deleteClass = (app: string, className: string) =>
  upstreamSend(app, 'DELETE', `/1.1/schemas/${encodeURIComponent(className)}`, z.looseObject({}));

/**
 * `onDeleted` runs here rather than in the caller's mutate(): once the class list is read again
 * the class page loses its header, and the dialog asking with it, whose own callbacks then never
 * run; the page stayed on "no class called ..." instead of going back to the list.
 */
export function useDeleteClass(app: string, onDeleted?: (className: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (className: string) => deleteClass(app, className),
    onSuccess: async (_, className) => {
      onDeleted?.(className);
      // Its pages and count are gone for good: dropped, not refetched.
      queryClient.removeQueries({ queryKey: classKeys.detail(app, className) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: classKeys.list(app) }),
        queryClient.invalidateQueries({ queryKey: classKeys.stats(app) }),
      ]);
    },
  });
}
