import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stack } from './stack';
import { keysFileOf, stackLogs } from './support/server-logs';
import type { LoggedKeys } from './support/server-logs';

/**
 * DESIGN.md: the master key is absent from every response, header, HTML, JS asset and log line.
 * master-key.spec.ts covers what reaches the browser; this covers the rest once all tests are done:
 *
 * - every line the API server and the console backend printed during the run, the config's stack
 *   (support/tee.ts) and each `pnpm start` a test ran (support/start-command.ts), stdout and
 *   stderr, at a level that logs every request;
 * - every file of the built console, web/dist.
 *
 * Neither the master key nor the app key may appear, in any letter case. A request signature
 * (X-LC-Sign, an MD5 of timestamp and key) may; it does not reveal the key. The one exception is
 * the line `pnpm start` prints for its user, which shows that stack's app key on purpose.
 *
 * The search must not pass for want of material: each log has to hold request lines, the console
 * backend's sign-in (/api/session) and the API server's REST calls (/1.1/) must be among them, and
 * web/dist must hold an index.html and JS assets.
 *
 * It runs before Playwright stops the config's servers, which are killed without a word (no
 * graceful shutdown is configured), so their logs are complete by then.
 */
interface Secret {
  name: string;
  value: string;
  /** A line that may show this key, because it is meant to. */
  shownOnPurpose?: (line: string) => boolean;
}

const stackSecrets: Secret[] = [
  { name: 'master key', value: stack.masterKey },
  { name: 'app key', value: stack.appKey },
];

/** What `pnpm start` prints for its user (scripts/start.ts), app key included. */
const startBanner = (line: string) => line.startsWith('API server (LeanCloud REST API): ');

function startSecrets(keys: LoggedKeys): Secret[] {
  return [
    { name: 'pnpm start master key', value: keys.masterKey },
    { name: 'pnpm start app key', value: keys.appKey, shownOnPurpose: startBanner },
  ];
}

/** The path of the request a pino or Fastify request line is about, if the line is one. */
function requestUrl(line: string): string | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const url = (JSON.parse(line) as { req?: { url?: unknown } }).req?.url;
    return typeof url === 'string' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The line with every key replaced by its name, so that the report does not repeat the key. */
function masked(line: string, secrets: Secret[]): string {
  let out = line;
  for (const s of secrets) out = out.replace(new RegExp(escapeRegExp(s.value), 'gi'), `<${s.name}>`);
  return out.length > 400 ? `${out.slice(0, 400)}…` : out;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

export default function searchLogsAndAssetsForKeys(): void {
  const problems: string[] = [];
  const allSecrets = [...stackSecrets];

  // The logs.
  const logFiles = existsSync(stack.logDir)
    ? readdirSync(stack.logDir)
        .filter((f) => f.endsWith('.log'))
        .map((f) => join(stack.logDir, f))
        .sort()
    : [];
  for (const expected of Object.values(stackLogs)) {
    if (!logFiles.includes(expected)) problems.push(`${expected}: missing`);
  }
  const urls: string[] = [];
  let lineCount = 0;
  for (const file of logFiles) {
    const name = relative(stack.logDir, file);
    const secrets = [...stackSecrets];
    if (name.startsWith('pnpm-start-')) {
      const keysFile = keysFileOf(file);
      if (existsSync(keysFile)) {
        const own = startSecrets(JSON.parse(readFileSync(keysFile, 'utf8')) as LoggedKeys);
        secrets.push(...own);
        allSecrets.push(...own);
      } else {
        problems.push(
          `${name}: its keys were not recorded (did pnpm start come up?), so it is not searched for them`,
        );
      }
    }
    const lines = readFileSync(file, 'utf8').split('\n');
    let requests = 0;
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      lineCount++;
      const url = requestUrl(line);
      if (url !== undefined) {
        requests++;
        urls.push(url);
      }
      const lower = line.toLowerCase();
      const found = secrets.filter((s) => lower.includes(s.value.toLowerCase()) && !s.shownOnPurpose?.(line));
      if (found.length > 0) {
        problems.push(
          `${name}:${i + 1} carries the ${found.map((s) => s.name).join(' and the ')}: ${masked(line, secrets)}`,
        );
      }
    });
    if (requests === 0) problems.push(`${name}: no request line, so the server did not log its requests`);
  }
  if (!urls.some((u) => u.startsWith('/api/session'))) {
    problems.push('no log has a request line of the console backend for /api/session (sign-in)');
  }
  if (!urls.some((u) => u.startsWith('/1.1/'))) {
    problems.push('no log has a request line of the API server for its REST API (/1.1/)');
  }

  // The built console.
  const webDist = process.env.WEB_DIST ?? fileURLToPath(new URL('../web/dist', import.meta.url));
  const assets = existsSync(webDist) ? filesUnder(webDist) : [];
  if (!assets.some((f) => relative(webDist, f) === 'index.html')) problems.push(`${webDist}: no index.html`);
  if (!assets.some((f) => f.endsWith('.js'))) problems.push(`${webDist}: no JS asset`);
  for (const file of assets) {
    const text = readFileSync(file).toString('latin1').toLowerCase();
    for (const s of allSecrets) {
      if (text.includes(s.value.toLowerCase())) problems.push(`${file} carries the ${s.name}`);
    }
  }

  if (problems.length > 0) {
    throw new Error(
      `An app key leaked, or the search had nothing to search (logs in ${stack.logDir}):\n${problems
        .map((p) => `  - ${p}`)
        .join('\n')}`,
    );
  }
  console.log(
    `No app key in ${lineCount} log lines (${urls.length} request lines, ${logFiles.length} files in ${stack.logDir}) nor in the ${assets.length} files of ${webDist}.`,
  );
}
