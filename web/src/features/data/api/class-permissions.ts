import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { classPermissionsSchema } from '@switchboard/shared';
import type { ClassOperation, ClassPermission, FieldDefinition } from '@switchboard/shared';
import { z } from 'zod';
import { upstreamGet, upstreamSend } from '../../../lib/api';
import { schemaWriteResponse } from './create-class';
import { classKeys } from './keys';

const permissionsResponse = z.object({ permissions: classPermissionsSchema });

const permissionsKey = (app: string, className: string) =>
  [...classKeys.detail(app, className), 'permissions'] as const;

/** GET /1.1/schemas/<className>/permissions: who may create, find, get, update, delete, add fields. */
export const useClassPermissions = (app: string, className: string) =>
  useQuery({
    queryKey: permissionsKey(app, className),
    queryFn: async ({ signal }) =>
      (
        await upstreamGet(
          app,
          `/1.1/schemas/${encodeURIComponent(className)}/permissions`,
          permissionsResponse,
          { signal },
        )
      ).permissions,
  });

/** PUT /1.1/schemas/<className> with one operation's permission; the others stay as they are. */
export function useUpdateClassPermission(app: string, className: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ op, permission }: { op: ClassOperation; permission: ClassPermission }) =>
      upstreamSend(app, 'PUT', `/1.1/schemas/${encodeURIComponent(className)}`, schemaWriteResponse, {
        body: { permissions: { [op]: permission } },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: permissionsKey(app, className) }),
  });
}

/**
 * PUT /1.1/schemas/<className> replacing one existing field's definition (type and options): the
 * server replaces the whole definition, so the full field is sent.
 */
export function useUpdateFieldOptions(app: string, className: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, field }: { name: string; field: FieldDefinition }) =>
      upstreamSend(app, 'PUT', `/1.1/schemas/${encodeURIComponent(className)}`, schemaWriteResponse, {
        body: { fields: { [name]: field } },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: classKeys.list(app) }),
        queryClient.invalidateQueries({ queryKey: classKeys.detail(app, className) }),
      ]),
  });
}
