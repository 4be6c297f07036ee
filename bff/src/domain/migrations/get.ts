import type { Migration } from '@switchboard/shared';
import { ConsoleError, notFound } from '../errors';
import type { ProxyContext } from '../proxy/context';
import { activeRun, findRun, listRuns, toMigration } from './store';
import type { MigrationRow } from './store';

/** Run ids are UUIDs; anything else (a NUL, a path) is answered as unknown without a query. */
const RUN_ID = /^[A-Za-z0-9-]{1,64}$/;

export async function findOrThrow(ctx: ProxyContext, id: string): Promise<MigrationRow> {
  const row = RUN_ID.test(id) ? await findRun(ctx.sql, ctx.app.id, id) : undefined;
  if (!row) throw notFound(`There is no migration "${id}" in this app.`);
  return row;
}

export async function getMigration(ctx: ProxyContext, id: string): Promise<Migration> {
  return toMigration(await findOrThrow(ctx, id));
}

/** The app's runs, newest first. */
export async function listMigrations(ctx: ProxyContext): Promise<Migration[]> {
  return (await listRuns(ctx.sql, ctx.app.id)).map(toMigration);
}

/** One run at a time per app: two imports writing the same classes would only slow each other. */
export async function refuseWhileRunning(ctx: ProxyContext): Promise<void> {
  const running = await activeRun(ctx.sql, ctx.app.id);
  if (running)
    throw new ConsoleError(
      409,
      'conflict',
      `A migration into this app is already running (${running.source}); wait for it or cancel it first.`,
    );
}
