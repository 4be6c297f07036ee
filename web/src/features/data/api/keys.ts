export interface ObjectsQuery {
  skip: number;
  limit: number;
  order: string;
}

/**
 * Query keys of an app's classes, defined once. Everything about one class sits under
 * `detail(app, className)`, so a later write invalidates its count and its pages together.
 */
export const classKeys = {
  all: (app: string) => ['classes', app] as const,
  list: (app: string) => [...classKeys.all(app), 'list'] as const,
  detail: (app: string, className: string) => [...classKeys.all(app), 'class', className] as const,
  count: (app: string, className: string) => [...classKeys.detail(app, className), 'count'] as const,
  objects: (app: string, className: string, query: ObjectsQuery) =>
    [...classKeys.detail(app, className), 'objects', query] as const,
};
