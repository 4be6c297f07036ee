import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingServer } from './testing/recording-server';
import type { RecordingServer } from './testing/recording-server';
import { addressPolicy } from './address-policy';
import type { AddressPolicy } from './address-policy';
import type { Resolve } from './guarded-agent';
import { GuardedClient, sameParty } from './guarded-fetch';
import { OutboundError } from './outbound-error';

/*
 * Local servers on 127.0.0.1 stand for the console's internal network; a resolver answering from
 * a table stands for DNS (there is none here), including one that changes its answer.
 */

const caps = { maxBytes: 1024 * 1024, timeoutMs: 5000 };

/** Answers each name from its list of answers in turn (the last one repeats). */
function resolver(table: Record<string, string[][]>): Resolve {
  const calls = new Map<string, number>();
  return (host) => {
    const answers = table[host];
    if (!answers) return Promise.reject(Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' }));
    const n = calls.get(host) ?? 0;
    calls.set(host, n + 1);
    const list = answers[Math.min(n, answers.length - 1)]!;
    return Promise.resolve(list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  };
}

async function refusal(p: Promise<unknown>): Promise<OutboundError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(OutboundError);
  return e as OutboundError;
}

const open: GuardedClient[] = [];
const client = (policy: AddressPolicy, resolve?: Resolve) => {
  const c = new GuardedClient(policy, resolve);
  open.push(c);
  return c;
};
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

let internal: RecordingServer;
beforeAll(async () => {
  internal = await startRecordingServer((_req, res) => res.end('internal secret'));
});
afterAll(() => internal.close());

describe('the guarded client, by default', () => {
  it('refuses loopback however it is written, and never connects', async () => {
    const c = client(addressPolicy(false), resolver({ 'internal.example': [['127.0.0.1']] }));
    const p = internal.port;
    for (const url of [
      `http://127.0.0.1:${p}/`,
      `http://127.1:${p}/`,
      `http://2130706433:${p}/`,
      `http://0x7f.0.0.1:${p}/`,
      `http://[::ffff:127.0.0.1]:${p}/`,
      `http://[::1]:${p}/`,
      `http://0.0.0.0:${p}/`,
      `http://[::]:${p}/`,
      `http://internal.example:${p}/`,
    ]) {
      const e = await refusal(c.get(url, caps));
      expect(e.reason, url).toBe('refused');
      expect(e.message, url).toMatch(/loopback address|not a public internet address/);
    }
    expect(internal.requests).toHaveLength(0);
  });

  it('refuses private, unique-local, link-local and metadata addresses', async () => {
    const c = client(addressPolicy(false));
    for (const [host, what] of [
      ['10.1.2.3', /private network/],
      ['192.168.1.20', /private network/],
      ['[fd12::1]', /private network/],
      ['169.254.169.254', /link-local or cloud metadata/],
      ['100.100.100.200', /link-local or cloud metadata/],
      ['[fd00:ec2::254]', /link-local or cloud metadata/],
      ['[::ffff:a9fe:a9fe]', /link-local or cloud metadata/],
      ['[64:ff9b::a9fe:a9fe]', /link-local or cloud metadata/],
      ['[2002:a9fe:a9fe::1]', /link-local or cloud metadata/],
      ['metadata.google.internal', /link-local or cloud metadata/],
    ] as const) {
      const e = await refusal(c.check(`http://${host}/latest/meta-data`));
      expect(e.message, host).toMatch(what);
      expect((await refusal(c.get(`http://${host}/`, caps))).reason, host).toBe('refused');
    }
  });

  it('checks where a name points when it connects: a name that rebinds after the check is refused', async () => {
    const dns = resolver({ 'rebind.example': [['93.184.216.34'], ['127.0.0.1']] });
    const c = client(addressPolicy(false), dns);
    const url = `http://rebind.example:${internal.port}/`;
    await expect(c.check(url)).resolves.toBeInstanceOf(URL);
    const e = await refusal(c.get(url, caps));
    expect(e.message).toMatch(/rebind\.example points to 127\.0\.0\.1, a loopback address/);
    expect(internal.requests).toHaveLength(0);
  });

  it('refuses a name one of whose addresses is internal', async () => {
    const c = client(addressPolicy(false), resolver({ 'mixed.example': [['93.184.216.34', '10.0.0.7']] }));
    expect((await refusal(c.check('https://mixed.example/'))).message).toMatch(/points to 10\.0\.0\.7/);
  });

  it('fetches only http(s), and never an address with user:password@', async () => {
    const c = client(addressPolicy(true));
    expect((await refusal(c.get('file:///etc/passwd', caps))).message).toMatch(/file:\/\/ addresses/);
    expect((await refusal(c.get('ftp://example.com/', caps))).message).toMatch(/only http/);
    const creds = await refusal(c.get(`http://user:secret@127.0.0.1:${internal.port}/`, caps));
    expect(creds.message).toMatch(/user name or password/);
    expect(creds.message).not.toContain('secret');
    expect(internal.requests).toHaveLength(0);
  });
});

describe('with private sources allowed (local development)', () => {
  it('fetches loopback, but still never link-local or metadata addresses', async () => {
    const c = client(addressPolicy(true), resolver({ 'meta.example': [['169.254.169.254']] }));
    const a = await c.get(`${internal.url}/x`, caps);
    expect(a).toMatchObject({ status: 200, url: `${internal.url}/x` });
    expect(a.body.toString()).toBe('internal secret');
    for (const url of ['http://169.254.169.254/', 'http://meta.example/', 'http://100.100.100.200/'])
      expect((await refusal(c.get(url, caps))).message, url).toMatch(/link-local or cloud metadata/);
  });
});

describe('redirects', () => {
  let target: RecordingServer;
  let hops: RecordingServer;
  let redirectTo = '';
  beforeAll(async () => {
    // 127.0.0.2 is the internal machine; 127.0.0.1 stands for a public host (see `publicHost`).
    target = await startRecordingServer((_req, res) => res.end('internal answer'), '127.0.0.2');
    hops = await startRecordingServer((req, res) => {
      if (req.url === '/same') res.writeHead(302, { location: '/other-origin' }).end();
      else if (req.url === '/loop') res.writeHead(307, { location: '/loop' }).end();
      else res.writeHead(302, { location: redirectTo }).end();
    });
  });
  afterAll(() => Promise.all([target.close(), hops.close()]));

  /** The real policy, with the hop server's address taken for a public one. */
  const publicHost: AddressPolicy = {
    refusal: (a) => (a === '127.0.0.1' ? undefined : addressPolicy(false).refusal(a)),
  };

  it('re-checks every hop: a public host redirecting inside is refused, and nothing reaches inside', async () => {
    const c = client(publicHost, resolver({ 'inside.example': [['10.0.0.5']] }));
    for (const [to, what] of [
      [`${target.url}/secret`, /after 1 redirect, 127\.0\.0\.2 is a loopback address/],
      ['http://169.254.169.254/latest/meta-data/', /after 1 redirect, 169\.254\.169\.254 is a link-local/],
      ['http://inside.example/', /after 1 redirect, inside\.example points to 10\.0\.0\.5/],
      ['file:///etc/passwd', /after 1 redirect, file:\/\/ addresses are not fetched/],
      ['http://[::1', /after 1 redirect, "http:\/\/\[::1" is not an address/],
    ] as const) {
      redirectTo = to;
      const e = await refusal(c.get(`${hops.url}/go`, caps));
      expect(e.message, to).toMatch(what);
    }
    expect(target.requests).toHaveLength(0);
  });

  it('never sends the caller’s keys to another origin, and caps the number of hops', async () => {
    const c = client(addressPolicy(true));
    const keys = { 'X-LC-Id': 'app', 'X-LC-Key': 'the-source-master-key,master', Authorization: 'Basic x' };
    const other = await startRecordingServer((_req, res) => res.end('elsewhere'));
    try {
      redirectTo = `${other.url}/landing`;
      const a = await c.get(`${hops.url}/same`, { ...caps, headers: keys });
      expect(a.body.toString()).toBe('elsewhere');
      // The same origin gets the keys on every hop; the other origin gets none of them.
      const toHops = hops.requests.slice(-2);
      expect(toHops.map((r) => r.headers['x-lc-key'])).toEqual([keys['X-LC-Key'], keys['X-LC-Key']]);
      expect(other.requests).toHaveLength(1);
      const h = other.requests[0]!.headers;
      expect([h['x-lc-key'], h['x-lc-id'], h.authorization]).toEqual([undefined, undefined, undefined]);
      expect(JSON.stringify(other.requests)).not.toContain('the-source-master-key');
    } finally {
      await other.close();
    }
    const before = hops.requests.length;
    const e = await refusal(c.get(`${hops.url}/loop`, { ...caps, maxRedirects: 3 }));
    expect(e).toMatchObject({ reason: 'redirects' });
    expect(hops.requests.length - before).toBe(4);
  });
});

describe('which redirects keep the caller’s headers', () => {
  it('the same origin, and http to https on the same host only', () => {
    const keep = (from: string, to: string) => sameParty(new URL(from), new URL(to));
    expect(keep('https://a.example/x', 'https://a.example/y')).toBe(true);
    expect(keep('http://a.example/x', 'https://a.example/y')).toBe(true);
    expect(keep('http://a.example:8080/x', 'https://a.example/y')).toBe(true);
    expect(keep('https://a.example/x', 'http://a.example/y')).toBe(false);
    expect(keep('http://a.example/x', 'https://a.example:8443/y')).toBe(false);
    expect(keep('https://a.example/x', 'https://a.example:8443/y')).toBe(false);
    expect(keep('https://a.example/x', 'https://b.example/x')).toBe(false);
    expect(keep('https://a.example/x', 'https://evil.a.example/x')).toBe(false);
  });
});

describe('caps', () => {
  it('stops reading an answer larger than maxBytes, announced or not', async () => {
    let closed!: () => void;
    const peerClosed = new Promise<void>((r) => (closed = r));
    const endless = await startRecordingServer((req, res) => {
      if (req.url === '/announced') {
        res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) });
        res.write(Buffer.alloc(1024));
        return;
      }
      res.on('close', closed);
      const more = () => {
        while (res.write(Buffer.alloc(64 * 1024))) if (res.destroyed) return;
        res.once('drain', more);
      };
      more();
    });
    try {
      const c = client(addressPolicy(true));
      const e = await refusal(c.get(`${endless.url}/stream`, { ...caps, maxBytes: 256 * 1024 }));
      expect(e).toMatchObject({ reason: 'too_large', message: expect.stringMatching(/more than 0\.3 MB/) });
      await peerClosed;
      expect((await refusal(c.get(`${endless.url}/announced`, caps))).reason).toBe('too_large');
    } finally {
      await endless.close();
    }
  });

  it('gives up at the deadline, and stops at once when the caller stops', async () => {
    const silent = await startRecordingServer(() => undefined);
    try {
      const c = client(addressPolicy(true));
      const e = await refusal(c.get(silent.url, { ...caps, timeoutMs: 300 }));
      expect(e).toMatchObject({ reason: 'timeout', message: expect.stringMatching(/within 0\.3 s/) });
      const stop = new AbortController();
      const pending = c.get(silent.url, { ...caps, signal: stop.signal });
      stop.abort(new Error('Cancelled.'));
      await expect(pending).rejects.toThrow('Cancelled.');
    } finally {
      await silent.close();
    }
  });
});
