import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingServer } from './testing/recording-server';
import type { RecordingServer } from './testing/recording-server';
import { addressPolicy } from './address-policy';
import { GuardedClient } from './guarded-fetch';
import type { OutboundError } from './outbound-error';

// post(): one request with a body to an address the operator configured (a webhook), under the
// same policy, caps and deadline as get(), never following a redirect.

const caps = { maxBytes: 1024, timeoutMs: 5000 };
let hook: RecordingServer;
const got: string[] = [];

beforeAll(async () => {
  hook = await startRecordingServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      got.push(`${req.method} ${raw}`);
      if (req.url === '/moved') {
        res.writeHead(307, { location: '/elsewhere' });
        res.end();
      } else if (req.url === '/big') res.end('x'.repeat(4096));
      else res.end('{"result":true}');
    });
  });
});
afterAll(() => hook.close());

describe('GuardedClient.post', () => {
  it('sends the body with the headers and returns the answer', async () => {
    const c = new GuardedClient(addressPolicy(true));
    const a = await c.post(`${hook.url}/fn`, '{"a":1}', { ...caps, headers: { 'X-Test': 'yes' } });
    await c.close();
    expect(a.status).toBe(200);
    expect(a.body.toString()).toBe('{"result":true}');
    expect(got.at(-1)).toBe('POST {"a":1}');
    expect(hook.requests.at(-1)?.headers['x-test']).toBe('yes');
  });

  it('does not follow a redirect, is capped in size, and keeps to the address policy', async () => {
    const c = new GuardedClient(addressPolicy(true));
    const before = hook.requests.length;
    const moved = await c.post(`${hook.url}/moved`, '{}', caps);
    expect(moved.status).toBe(307);
    expect(hook.requests.length).toBe(before + 1);
    const big = await c.post(`${hook.url}/big`, '{}', caps).catch((e: unknown) => e);
    expect((big as OutboundError).reason).toBe('too_large');
    await c.close();
    const strict = new GuardedClient(addressPolicy(false));
    const refused = await strict.post(`${hook.url}/fn`, '{}', caps).catch((e: unknown) => e);
    await strict.close();
    expect((refused as OutboundError).reason).toBe('refused');
    expect(hook.requests.length).toBe(before + 2);
  });
});
