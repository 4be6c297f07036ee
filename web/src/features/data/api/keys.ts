import type { BlockBase } from '../grid/blocks';

export interface ObjectsQuery {
  skip: number;
  limit: number;
  /** Comma-separated sort keys; empty for none. */
  order: string;
  /** JSON of the `where`, comma-separated keys and include, when given. */
  where?: string;
  keys?: string;
  include?: string;
}

/**
 * Query keys of an app's classes, defined once. Everything about one class sits under
 * `detail(app, className)`, so a later write invalidates its count and its pages together.
 */
export const classKeys = {
  all: (app: string) => ['classes', app] as const,
  list: (app: string) => [...classKeys.all(app), 'list'] as const,
  /** Object counts of every class (estimated for large ones). */
  stats: (app: string) => [...classKeys.all(app), 'stats'] as const,
  detail: (app: string, className: string) => [...classKeys.all(app), 'class', className] as const,
  /** The class's count; with `where` (its JSON), of the objects matching it. */
  count: (app: string, className: string, where?: string) =>
    where === undefined
      ? ([...classKeys.detail(app, className), 'count'] as const)
      : ([...classKeys.detail(app, className), 'count', where] as const),
  objects: (app: string, className: string, query: ObjectsQuery) =>
    [...classKeys.detail(app, className), 'objects', query] as const,
  /** Block `index` (BLOCK_SIZE rows) of the whole result the scrolling grid shows. */
  block: (app: string, className: string, base: BlockBase, index: number) =>
    [...classKeys.detail(app, className), 'block', base, index] as const,
};
