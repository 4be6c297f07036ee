/**
 * `pnpm migrate <export-folder-or-zip>` or `pnpm migrate --source-url ...`: moves a LeanCloud app's
 * exported data, or a live app's, into Switchboard
 * (LC_BASE_URL/LC_APP_ID/LC_MASTER_KEY, or the embedded server when LC_BASE_URL is unset).
 * Prints progress per class and the report; exits 1 when anything failed, 2 on bad usage.
 */
import { parseMigrateArgs, UsageError } from '../migrate/args';
import type { MigrateArgs } from '../migrate/args';
import { startEmbedded } from '../migrate/embedded';
import {
  copyLive,
  downloadFiles,
  formatReport,
  hasFailures,
  importExport,
  ImportTarget,
  LiveClient,
  openExport,
} from '@switchboard/migrate';
import type { ImportReport, TargetConfig } from '@switchboard/migrate';

async function main(): Promise<number> {
  const env = process.env;
  const args = parseMigrateArgs(process.argv.slice(2), env);
  let target: TargetConfig;
  let where: string;
  let close = (): Promise<void> => Promise.resolve();
  if (env.LC_BASE_URL) {
    if (!env.LC_APP_ID || !env.LC_MASTER_KEY)
      throw new UsageError('LC_BASE_URL needs LC_APP_ID and LC_MASTER_KEY beside it.');
    target = { baseUrl: env.LC_BASE_URL, appId: env.LC_APP_ID, masterKey: env.LC_MASTER_KEY };
    where = env.LC_BASE_URL;
  } else {
    const embedded = await startEmbedded(env);
    ({ target, where } = embedded);
    close = () => embedded.close();
  }
  try {
    const started = Date.now();
    const report = await run(args, target, where);
    if (args.downloadFiles) {
      console.log('Fetching file content from the old urls');
      report.classes.push(
        await downloadFiles(new LiveClient(target), new ImportTarget(target), {
          // File urls are data: public addresses only, unless the operator allows more.
          allowPrivateSources: args.allowPrivateSources ?? false,
          onProgress: (c) =>
            console.log(`  ${c.name}: ${c.written} stored, ${c.skipped} already here, ${c.failed} failed`),
        }),
      );
      // The rate in the report covers the downloads too.
      report.seconds = (Date.now() - started) / 1000;
    }
    console.log(`\n${formatReport(report)}`);
    return hasFailures(report) ? 1 : 0;
  } finally {
    await close();
  }
}

async function run(args: MigrateArgs, target: TargetConfig, where: string): Promise<ImportReport> {
  const to = new ImportTarget(target);
  const { source } = args;
  if (source.kind === 'live') {
    console.log(
      `Copying ${source.url} (app ${source.appId}) into ${where}; progress is kept in ${source.checkpoint}`,
    );
    const client = new LiveClient({ baseUrl: source.url, appId: source.appId, masterKey: source.masterKey });
    return copyLive(client, to, `${source.url} ${source.appId}`, {
      checkpointFile: source.checkpoint,
      onProgress: (c, left) =>
        console.log(
          `  ${c.name}: ${c.read} read, ${c.written} written, ${c.skipped} skipped, ${c.failed} failed${left === undefined ? '' : `, about ${Math.ceil(left)} s left`}`,
        ),
    });
  }
  const folder = await openExport(source.path);
  try {
    console.log(`Importing ${source.path} into ${where}`);
    return await importExport(to, folder.files, {
      batchSize: args.batchSize,
      ...(args.hashRounds === undefined ? {} : { hashRounds: args.hashRounds }),
      onProgress: (c, ms) =>
        console.log(
          `  ${c.name}: ${c.read} read, ${c.written} written, ${c.skipped} skipped, ${c.failed} failed (${(ms / 1000).toFixed(1)} s)`,
        ),
    });
  } finally {
    await folder.cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(e instanceof UsageError ? 2 : 1);
  },
);
