import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleRoutes, viewResponseSchema, viewsResponseSchema } from '@switchboard/shared';
import type { CreateViewBody, UpdateViewBody } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api';

/** Query keys of saved views, defined once; writes invalidate the app's lists. */
export const viewKeys = {
  all: (app: string) => ['views', app] as const,
  list: (app: string, className: string) => [...viewKeys.all(app), className] as const,
};

const pathOf = (template: string, params: Record<string, string>) =>
  template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

/** The caller's own views of a class and the ones shared with the team. */
export const useViews = (app: string, className: string) =>
  useQuery({
    queryKey: viewKeys.list(app, className),
    queryFn: ({ signal }) =>
      apiRequest(pathOf(consoleRoutes.listViews.path, { app }), {
        query: { className },
        schema: viewsResponseSchema,
        signal,
      }),
    select: (r) => r.views,
  });

export function useCreateView(app: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateViewBody) =>
      apiRequest(pathOf(consoleRoutes.createView.path, { app }), {
        method: 'POST',
        body,
        schema: viewResponseSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: viewKeys.all(app) }),
  });
}

export function useUpdateView(app: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateViewBody }) =>
      apiRequest(pathOf(consoleRoutes.updateView.path, { app, id }), {
        method: 'PUT',
        body,
        schema: viewResponseSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: viewKeys.all(app) }),
  });
}

export function useDeleteView(app: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(pathOf(consoleRoutes.deleteView.path, { app, id }), {
        method: 'DELETE',
        schema: consoleRoutes.deleteView.response,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: viewKeys.all(app) }),
  });
}
