/**
 * Query keys of an app's migrations, defined once. Every read sits under `all(app)`, so starting,
 * cancelling or resuming a run refreshes the history and the run page together.
 */
export const migrationKeys = {
  all: (app: string) => ['migrations', app] as const,
  list: (app: string) => [...migrationKeys.all(app), 'list'] as const,
  detail: (app: string, id: string) => [...migrationKeys.all(app), 'run', id] as const,
};
