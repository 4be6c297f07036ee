// The SDK's `server` option: it asks https://<host>/v1/route, then connects to the wss:// address
// the answer names, so the server serves TLS itself (a certificate made for the run). Each SDK runs
// in a child process told to trust the certificate (NODE_EXTRA_CA_CERTS).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./fixtures/sdk-chat.mjs', import.meta.url));
let t: TestServer;
let dir: string;
let caFile: string;
let port: string;

beforeAll(async () => {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  dir = await mkdtemp(join(tmpdir(), 'rtm-tls-'));
  caFile = join(dir, 'ca.pem');
  await writeFile(caFile, pems.cert);
  t = await startTestServer({ tls: { cert: pems.cert, key: pems.private } });
  port = new URL(t.url).port;
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

async function chat(pkg: string, server: string) {
  const options = { appId: TEST_KEYS.appId, appKey: TEST_KEYS.appKey, server };
  const { stdout } = await run(process.execPath, [script, pkg, JSON.stringify(options)], {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: caFile },
    timeout: 25_000,
  });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Record<string, string>;
}

describe('the SDK found through its server option, over TLS', () => {
  it('leancloud-realtime 4.x (server: host:port) logs in two clients and passes a message', async () => {
    const out = await chat('leancloud-realtime', `localhost:${port}`);
    expect(out.text).toBe('over tls');
    expect(out.from).toBe('tls-a');
    expect(out.gotId).toBe(out.sentId);
  });

  it('leancloud-realtime 5.0 RC (server: https://host:port) does the same', async () => {
    const out = await chat('leancloud-realtime-5', `https://localhost:${port}`);
    expect(out.text).toBe('over tls');
    expect(out.gotId).toBe(out.sentId);
  });

  it('/v1/route names the wss address of the host asked', async () => {
    const { stdout } = await run(
      process.execPath,
      [
        '-e',
        `fetch('https://localhost:${port}/v1/route?appId=x').then((r) => r.text()).then((b) => console.log(b))`,
      ],
      { env: { ...process.env, NODE_EXTRA_CA_CERTS: caFile } },
    );
    expect(JSON.parse(stdout)).toMatchObject({ server: `wss://localhost:${port}/`, ttl: 3600 });
  });
});
