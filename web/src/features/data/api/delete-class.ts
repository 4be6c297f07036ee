import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { upstreamSend } from '../../../lib/api';
import { classKeys } from './keys';

/** DELETE /1.1/schemas/<className>: the class and every object in it. */
export const deleteClass = (app: string, className: string) =>
  upstreamSend(app, 'DELETE', `/1.1/schemas/${encodeURIComponent(className)}`, z.looseObject({}));

export function useDeleteClass(app: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (className: string) => deleteClass(app, className),
    onSuccess: async (_, className) => {
      // Its pages and count are gone for good: dropped, not refetched.
      queryClient.removeQueries({ queryKey: classKeys.detail(app, className) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: classKeys.list(app) }),
        queryClient.invalidateQueries({ queryKey: classKeys.stats(app) }),
      ]);
    },
  });
}
