import { generateKeyPairSync, verify } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request one of the mock gateways received. */
export interface VendorSeen {
  gateway: 'fcm' | 'hms' | 'mi';
  devices: string[];
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  at: number;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

async function read(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Local FCM, HMS and Xiaomi gateways for tests, on one plain HTTP server. Device ids decide the
 * answer: `gone` unregistered / illegal, `busy` 429 the first time, `down` 5xx the first time,
 * `slow` no answer in time the first time; the rest succeed. Access tokens are handed out by the
 * token endpoints, and `revokeTokens()` makes those issued so far refused.
 */
export async function startMockVendors(opts: { hmsAppSecret: string; miAppSecret: string }) {
  const google = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const serviceAccount = JSON.stringify({
    type: 'service_account',
    project_id: 'demo-project',
    client_email: 'push@demo-project.iam.gserviceaccount.com',
    private_key: google.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  });
  const seen: VendorSeen[] = [];
  const tokenRequests = { fcm: 0, hms: 0 };
  const issued = new Set<string>();
  const revoked = new Set<string>();
  const tried = new Set<string>();
  let base = '';

  /** The first request naming a device with this prefix. */
  const firstTime = (gateway: string, devices: string[], prefix: string) => {
    const hit = devices.find((d) => d.startsWith(prefix) && !tried.has(`${gateway}/${d}`));
    return hit !== undefined;
  };
  const remember = (gateway: string, devices: string[]) =>
    devices.forEach((d) => tried.add(`${gateway}/${d}`));
  const issue = (gateway: 'fcm' | 'hms') => {
    tokenRequests[gateway]++;
    const token = `${gateway}-access-${issued.size + 1}`;
    issued.add(token);
    return token;
  };
  const bearer = (req: IncomingMessage) => {
    const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    return issued.has(token) && !revoked.has(token) ? token : undefined;
  };

  const fcmAssertionOk = (assertion: string) => {
    const [h, c, s] = assertion.split('.');
    if (!h || !c || !s) return false;
    const claims = JSON.parse(Buffer.from(c, 'base64url').toString()) as { aud?: string; scope?: string };
    return (
      verify('sha256', Buffer.from(`${h}.${c}`), google.publicKey, Buffer.from(s, 'base64url')) &&
      claims.aud === `${base}/google/token` &&
      claims.scope === 'https://www.googleapis.com/auth/firebase.messaging'
    );
  };

  const slowly = (res: ServerResponse, answer: () => void) => {
    const t = setTimeout(answer, 1500);
    res.on('close', () => clearTimeout(t));
  };

  const server = createServer((req, res) => {
    void read(req).then((text) => {
      const url = req.url ?? '';
      if (url === '/google/token') {
        const f = new URLSearchParams(text);
        if (
          f.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' ||
          !fcmAssertionOk(f.get('assertion') ?? '')
        )
          return json(res, 400, { error: 'invalid_grant' });
        return json(res, 200, { access_token: issue('fcm'), expires_in: 3600, token_type: 'Bearer' });
      }
      if (url === '/huawei/token') {
        const f = new URLSearchParams(text);
        if (f.get('grant_type') !== 'client_credentials' || f.get('client_secret') !== opts.hmsAppSecret)
          return json(res, 400, { error: 1101, error_description: 'invalid client' });
        return json(res, 200, { access_token: issue('hms'), expires_in: 3600 });
      }
      if (url === '/v1/projects/demo-project/messages:send') {
        const body = JSON.parse(text) as { message: { token: string } };
        const device = body.message.token;
        seen.push({ gateway: 'fcm', devices: [device], headers: req.headers, body, at: Date.now() });
        if (!bearer(req)) return json(res, 401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
        const first = !tried.has(`fcm/${device}`);
        remember('fcm', [device]);
        if (device.startsWith('gone'))
          return json(res, 404, {
            error: {
              code: 404,
              status: 'NOT_FOUND',
              details: [
                { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' },
              ],
            },
          });
        if (first && device.startsWith('busy'))
          return json(
            res,
            429,
            { error: { code: 429, status: 'RESOURCE_EXHAUSTED' } },
            { 'retry-after': '0' },
          );
        if (first && device.startsWith('down'))
          return json(res, 503, { error: { code: 503, status: 'UNAVAILABLE' } });
        if (first && device.startsWith('slow')) return slowly(res, () => json(res, 200, { name: 'late' }));
        return json(res, 200, { name: `projects/demo-project/messages/${seen.length}` });
      }
      if (url === '/v1/hms-app/messages:send') {
        const body = JSON.parse(text) as { message: { token: string[] } };
        const devices = body.message.token;
        seen.push({ gateway: 'hms', devices, headers: req.headers, body, at: Date.now() });
        if (!bearer(req)) return json(res, 401, { code: '80200003', msg: 'OAuth token expired' });
        const busy = firstTime('hms', devices, 'busy');
        const down = firstTime('hms', devices, 'down');
        remember('hms', devices);
        if (busy) return json(res, 429, { code: '80300010', msg: 'too many' }, { 'retry-after': '0' });
        if (down) return json(res, 503, { code: '81000001', msg: 'system error' });
        const illegal = devices.filter((d) => d.startsWith('gone'));
        if (illegal.length === devices.length)
          return json(res, 200, { code: '80300007', msg: 'All the tokens are invalid' });
        if (illegal.length)
          return json(res, 200, {
            code: '80100000',
            msg: JSON.stringify({
              success: devices.length - illegal.length,
              failure: illegal.length,
              illegal_tokens: illegal,
            }),
          });
        return json(res, 200, { code: '80000000', msg: 'Success', requestId: String(seen.length) });
      }
      if (url === '/v3/message/regid') {
        const f = Object.fromEntries(new URLSearchParams(text));
        const devices = (f.registration_id ?? '').split(',');
        seen.push({ gateway: 'mi', devices, headers: req.headers, body: f, at: Date.now() });
        if (req.headers.authorization !== `key=${opts.miAppSecret}`)
          return json(res, 200, { result: 'error', code: 22000, reason: 'invalid appSecret' });
        const busy = firstTime('mi', devices, 'busy');
        const down = firstTime('mi', devices, 'down');
        remember('mi', devices);
        if (busy) return json(res, 429, { result: 'error', code: 200001 }, { 'retry-after': '0' });
        if (down) return json(res, 502, { result: 'error' });
        const bad = devices.filter((d) => d.startsWith('gone')).join(',');
        return json(res, 200, {
          result: 'ok',
          code: 0,
          data: { id: `m${seen.length}`, ...(bad ? { bad_regids: bad } : {}) },
        });
      }
      json(res, 404, { error: `no route ${url}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    serviceAccount,
    seen,
    tokenRequests,
    revokeTokens: () => issued.forEach((t) => revoked.add(t)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
