import { randomUUID } from 'node:crypto';
import type { Migration, StartLiveMigrationBody } from '@switchboard/shared';
import { audit } from '../proxy/context';
import type { ProxyContext } from '../proxy/context';
import { secretBoxFor } from '../secret-box';
import type { MigrationEnv } from './env';
import { sealContext } from './execute';
import { launch } from './runner';
import { insertRun, toMigration } from './store';
import { refuseWhileRunning } from './get';
import { checkSourceUrl } from './source-url';

/**
 * Starts a live copy from a LeanCloud-compatible app into this one. The source's master key is
 * stored sealed (a resumed run needs it again) and never shown; a wrong key or address ends the
 * run `failed` with a message saying so, as the source is only asked once the run has started.
 */
export async function startLiveMigration(
  ctx: ProxyContext,
  body: StartLiveMigrationBody,
  env: MigrationEnv,
): Promise<Migration> {
  const url = body.sourceUrl.replace(/\/+$/, '');
  await checkSourceUrl(url, env.outbound);
  await refuseWhileRunning(ctx);
  const id = randomUUID();
  const row = await insertRun(ctx.sql, {
    id,
    app: ctx.app.id,
    kind: 'live',
    source: `${url} (app ${body.sourceAppId})`,
    source_config: { url, appId: body.sourceAppId },
    source_key_sealed: secretBoxFor(ctx.sql).seal(body.sourceMasterKey, sealContext(id)),
    download_files: body.downloadFiles,
    created_by: ctx.user.email,
  });
  await audit(ctx, {
    action: 'migration.start',
    summary: { id, kind: 'live', source: row.source, downloadFiles: body.downloadFiles },
    result: 'ok',
    status: 200,
  });
  launch(ctx, row, env);
  return toMigration(row);
}
