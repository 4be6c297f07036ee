import { join } from 'node:path';
import type { Migration } from '@switchboard/shared';
import { ConsoleError } from '../errors';
import { audit } from '../proxy/context';
import type { ProxyContext } from '../proxy/context';
import type { MigrationEnv } from './env';
import { findOrThrow, refuseWhileRunning } from './get';
import { launch, settled } from './runner';
import { checkSourceUrl } from './source-url';
import { claimForResume, toMigration } from './store';
import { uploadDir, uploadExists } from './uploads';

/**
 * Runs a cancelled, failed or interrupted migration again: a live copy from its checkpoints, an
 * upload from the kept file (importing it again changes nothing already written).
 */
export async function resumeMigration(ctx: ProxyContext, id: string, env: MigrationEnv): Promise<Migration> {
  const before = await findOrThrow(ctx, id);
  const status = toMigration(before).status;
  if (!['cancelled', 'failed', 'interrupted'].includes(status))
    throw new ConsoleError(
      409,
      'conflict',
      `Only a cancelled, failed or interrupted migration can be resumed; this one is ${status}.`,
    );
  const cfg = before.source_config;
  if ('upload' in cfg && cfg.discarded)
    throw new ConsoleError(
      409,
      'conflict',
      `The uploaded file ${cfg.name} was discarded, so this migration cannot be resumed; upload the export again.`,
    );
  if ('upload' in cfg && !(await uploadExists(join(uploadDir(env.uploads, id), cfg.upload))))
    throw new ConsoleError(
      409,
      'conflict',
      `The uploaded file ${cfg.name} is no longer on the console server; upload the export again.`,
    );
  // The name may point elsewhere now than when the run started.
  if ('url' in cfg) await checkSourceUrl(cfg.url, env.outbound);
  // A run this process cancelled a moment ago may still be finishing its last batch.
  await settled(id);
  await refuseWhileRunning(ctx);
  const row = await claimForResume(ctx.sql, ctx.app.id, id);
  if (!row) throw new ConsoleError(409, 'conflict', 'This migration was resumed or finished meanwhile.');
  await audit(ctx, {
    action: 'migration.resume',
    summary: { id, kind: row.kind, source: row.source },
    result: 'ok',
    status: 200,
  });
  launch(ctx, row, env);
  return toMigration(row);
}
