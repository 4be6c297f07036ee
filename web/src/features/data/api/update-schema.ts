import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldDefinition } from '@switchboard/shared';
import { upstreamSend } from '../../../lib/api';
import { schemaWriteResponse } from './create-class';
import { classKeys } from './keys';

export type FieldChange =
  { kind: 'add'; name: string; field: FieldDefinition } | { kind: 'delete'; name: string };

/** PUT /1.1/schemas/<className>: adds a field, or deletes one with its values in every object. */
export const updateSchema = (app: string, className: string, change: FieldChange) =>
  upstreamSend(app, 'PUT', `/1.1/schemas/${encodeURIComponent(className)}`, schemaWriteResponse, {
    body: { fields: { [change.name]: change.kind === 'add' ? change.field : { __op: 'Delete' } } },
  });

export function useUpdateSchema(app: string, className: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: FieldChange) => updateSchema(app, className, change),
    onSuccess: async () => {
      // The columns come from the schemas; a deleted field also vanishes from the loaded pages.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: classKeys.list(app) }),
        queryClient.invalidateQueries({ queryKey: classKeys.detail(app, className) }),
      ]);
    },
  });
}
