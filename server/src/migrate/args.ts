import { DEFAULT_BATCH_SIZE } from '@switchboard/migrate';

export interface MigrateArgs {
  source:
    | { kind: 'files'; path: string }
    | { kind: 'live'; url: string; appId: string; masterKey: string; checkpoint: string };
  batchSize: number;
  hashRounds?: number;
  /** Fetch the content of _File records from their old urls and store it on the target. */
  downloadFiles?: boolean;
  /** Let those fetches reach loopback and private addresses (off: public addresses only). */
  allowPrivateSources?: boolean;
}

export class UsageError extends Error {}

export const USAGE = `Usage:
  pnpm migrate <export-folder-or-zip> [--batch-size N] [--hash-rounds N] [--download-files]
               [--allow-private-sources]
  pnpm migrate --source-url URL --source-app-id ID --source-master-key KEY [--checkpoint FILE]
               [--download-files] [--allow-private-sources]
    copies a live app through its scan API; run the same command again to resume after an
    interruption (progress is kept in FILE, by default .migrate-<app id>.json here)

  --download-files  also fetch each file's content from its old url (while the old app still
                    serves it) and store it here; run again to retry the files that failed
  --allow-private-sources
                    let those fetches reach loopback and private network addresses (for files
                    served on this machine or network; also MIGRATE_ALLOW_PRIVATE_SOURCES=1).
                    Off by default: a file url is data, and anyone with the app key can set one,
                    so only public addresses are fetched; cloud metadata addresses never are

Writes into the server at LC_BASE_URL with LC_APP_ID and LC_MASTER_KEY, or, when they are unset,
into the embedded server's data folder (./data, or SWITCHBOARD_DATA) as "pnpm start" uses it.`;

function intOf(name: string, v: string | undefined, min: number, max: number): number {
  const n = Number(v);
  if (v === undefined || !Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`${name} needs a whole number from ${min} to ${max}.`);
  return n;
}

const FLAGS = new Set(['help', 'download-files', 'allow-private-sources']);

/** Whether an environment switch is on: 1 or true (any case); anything else is off. */
const switchedOn = (v: string | undefined) => v !== undefined && /^(1|true)$/i.test(v.trim());

/**
 * Reads the command line of `pnpm migrate` (and MIGRATE_ALLOW_PRIVATE_SOURCES from `env`); throws
 * UsageError with a message a person can act on.
 */
export function parseMigrateArgs(argv: string[], env: NodeJS.ProcessEnv = {}): MigrateArgs {
  const positional: string[] = [];
  const flags = new Map<string, string | undefined>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--') continue;
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const [name = '', inline] = a.slice(2).split(/=(.*)/s);
    const value = inline ?? (FLAGS.has(name) ? undefined : argv[++i]);
    flags.set(name, value);
  }
  if (flags.has('help')) throw new UsageError(USAGE);
  const known = [
    'source-url',
    'source-app-id',
    'source-master-key',
    'checkpoint',
    'batch-size',
    'hash-rounds',
    'download-files',
    'allow-private-sources',
  ];
  for (const k of flags.keys())
    if (!known.includes(k)) throw new UsageError(`Unknown option --${k}.\n\n${USAGE}`);
  const batchSize = flags.has('batch-size')
    ? intOf('--batch-size', flags.get('batch-size'), 1, 5000)
    : DEFAULT_BATCH_SIZE;
  const hashRounds = flags.has('hash-rounds')
    ? intOf('--hash-rounds', flags.get('hash-rounds'), 0, 100_000)
    : undefined;
  const rest = {
    batchSize,
    ...(hashRounds === undefined ? {} : { hashRounds }),
    ...(flags.has('download-files') ? { downloadFiles: true } : {}),
    ...(flags.has('allow-private-sources') || switchedOn(env.MIGRATE_ALLOW_PRIVATE_SOURCES)
      ? { allowPrivateSources: true }
      : {}),
  };
  const url = flags.get('source-url');
  if (url !== undefined || flags.has('source-app-id') || flags.has('source-master-key')) {
    const appId = flags.get('source-app-id');
    const masterKey = flags.get('source-master-key');
    if (!url || !appId || !masterKey)
      throw new UsageError(
        'A live copy needs --source-url, --source-app-id and --source-master-key together.',
      );
    if (positional.length > 0)
      throw new UsageError('Give either an export folder/zip or a live source, not both.');
    const checkpoint = flags.get('checkpoint') ?? `.migrate-${appId.replace(/[^A-Za-z0-9_-]/g, '_')}.json`;
    return { source: { kind: 'live', url, appId, masterKey, checkpoint }, ...rest };
  }
  if (positional.length !== 1) throw new UsageError(`Give one export folder or .zip file.\n\n${USAGE}`);
  return { source: { kind: 'files', path: positional[0] ?? '' }, ...rest };
}
