import type { Migration } from '@switchboard/shared';
import { ConsoleError } from '../errors';
import { audit } from '../proxy/context';
import type { ProxyContext } from '../proxy/context';
import { findOrThrow } from './get';
import { settled, stopLocal } from './runner';
import { cancelRun, findRun, toMigration } from './store';

/**
 * Cancels a run: the row says so at once, and the run stops before its next batch (here, or in
 * the bff process running it, which sees the row on its next beat). What was written stays; a
 * resume continues from there.
 */
export async function cancelMigration(ctx: ProxyContext, id: string): Promise<Migration> {
  const before = await findOrThrow(ctx, id);
  const row = await cancelRun(ctx.sql, ctx.app.id, id);
  if (!row)
    throw new ConsoleError(
      409,
      'conflict',
      `This migration is not running (it is ${toMigration(before).status}).`,
    );
  stopLocal(id);
  await settled(id);
  await audit(ctx, {
    action: 'migration.cancel',
    summary: { id, kind: row.kind, source: row.source },
    result: 'ok',
    status: 200,
  });
  return toMigration((await findRun(ctx.sql, ctx.app.id, id)) ?? row);
}
