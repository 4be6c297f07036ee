import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ClassPermissions, FieldDefinition } from '@switchboard/shared';
import { upstreamSend } from '../../../lib/api';
import { classKeys } from './keys';

export const schemaWriteResponse = z.looseObject({ className: z.string() });

/**
 * POST /1.1/schemas/<className>: an empty class, with fields and permissions declared up front if
 * given. Operations left out are open to everyone.
 */
export const createClass = (
  app: string,
  className: string,
  fields: Record<string, FieldDefinition> = {},
  permissions: ClassPermissions = {},
) =>
  upstreamSend(app, 'POST', `/1.1/schemas/${encodeURIComponent(className)}`, schemaWriteResponse, {
    body: Object.keys(permissions).length > 0 ? { fields, permissions } : { fields },
  });

export function useCreateClass(app: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ className, permissions }: { className: string; permissions?: ClassPermissions }) =>
      createClass(app, className, {}, permissions),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: classKeys.list(app) }),
        queryClient.invalidateQueries({ queryKey: classKeys.stats(app) }),
      ]);
    },
  });
}
