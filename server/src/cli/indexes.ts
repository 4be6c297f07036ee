/**
 * Index management from a terminal, through the server's master-key index API:
 *
 *   pnpm indexes list <Class>
 *   pnpm indexes create <Class> <field>[:desc][,<field>[:desc]...] [--unique] [--name <name>]
 *   pnpm indexes drop <Class> <name>
 *
 * The server is LC_BASE_URL (default http://127.0.0.1:3100) with LC_APP_ID and LC_MASTER_KEY.
 */
const [command, className, ...rest] = process.argv.slice(2);
const base = (process.env.LC_BASE_URL ?? 'http://127.0.0.1:3100').replace(/\/+$/, '');
const appId = process.env.LC_APP_ID;
const masterKey = process.env.LC_MASTER_KEY;

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(
    'usage: pnpm indexes list <Class> | create <Class> <field>[:desc],... [--unique] [--name n] | drop <Class> <name>',
  );
  process.exit(2);
}

async function call(method: string, path: string, body?: unknown): Promise<unknown> {
  if (!appId || !masterKey)
    usage('set LC_APP_ID and LC_MASTER_KEY (and LC_BASE_URL if the server is elsewhere)');
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'X-LC-Id': appId, 'X-LC-Key': `${masterKey},master`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await res.json();
  if (!res.ok) {
    const err = json as { code?: number; error?: string };
    console.error(`error ${err.code ?? res.status}: ${err.error ?? res.statusText}`);
    process.exit(1);
  }
  return json;
}

async function main(): Promise<void> {
  if (!className) usage();
  const path = `/1.1/indices/${encodeURIComponent(className)}`;
  if (command === 'list') {
    const { results } = (await call('GET', path)) as {
      results: { name: string; keys: object; unique: boolean; default?: boolean }[];
    };
    for (const i of results) {
      console.log(
        `${i.name.padEnd(32)} ${JSON.stringify(i.keys)}${i.unique ? ' unique' : ''}${i.default ? ' (default)' : ''}`,
      );
    }
  } else if (command === 'create') {
    const [spec, ...flags] = rest;
    if (!spec) usage('name the fields, e.g. score:desc,name');
    const keys = Object.fromEntries(
      spec.split(',').map((f) => {
        const [field = '', dir] = f.split(':');
        return [field, dir === 'desc' ? -1 : 1];
      }),
    );
    const nameAt = flags.indexOf('--name');
    const body = {
      keys,
      unique: flags.includes('--unique'),
      ...(nameAt >= 0 ? { name: flags[nameAt + 1] } : {}),
    };
    console.log(JSON.stringify(await call('POST', path, body)));
  } else if (command === 'drop') {
    if (!rest[0]) usage('name the index to drop');
    await call('DELETE', `${path}/${encodeURIComponent(rest[0])}`);
    console.log(`dropped ${rest[0]}`);
  } else {
    usage();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
