import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { FieldDefinition } from '@switchboard/shared';
import { upstreamSend } from '../../../lib/api';
import { classKeys } from './keys';

export const schemaWriteResponse = z.looseObject({ className: z.string() });

/** POST /1.1/schemas/<className>: an empty class, with fields declared up front if given. */
export const createClass = (app: string, className: string, fields: Record<string, FieldDefinition> = {}) =>
  upstreamSend(app, 'POST', `/1.1/schemas/${encodeURIComponent(className)}`, schemaWriteResponse, {
    body: { fields },
  });

export function useCreateClass(app: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (className: string) => createClass(app, className),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: classKeys.list(app) }),
        queryClient.invalidateQueries({ queryKey: classKeys.stats(app) }),
      ]);
    },
  });
}
