import { generateKeyPairSync, verify } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hmsAnswer, json, miAnswer } from './mock-vendor-answers';
import type { MockState, VendorSeen } from './mock-vendor-answers';

export type { VendorSeen } from './mock-vendor-answers';

async function read(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Local FCM, HMS and Xiaomi gateways for tests, on one plain HTTP server. Device ids decide the
 * answer: `gone` unregistered / illegal, `busy` rate-limited the first time (FCM 429, HMS 503,
 * Xiaomi 10027), `down` 5xx the first time, `slow` (FCM) no answer in time the first time,
 * `code-<n>` (HMS, Xiaomi) refused with result code n; the rest succeed. Access tokens are handed
 * out by the token endpoints, and `revokeTokens()` makes those issued so far expired.
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
  /** Which app each HMS access token was issued to: Huawei refuses it for another app's URL. */
  const issuedTo = new Map<string, string>();
  /** Refuses every HMS access token, as Push Kit does one fetched for another app (80200001). */
  let refuseHms = false;
  const issue = (gateway: 'fcm' | 'hms', clientId = '') => {
    tokenRequests[gateway]++;
    const token = `${gateway}-access-${issued.size + 1}`;
    issued.add(token);
    issuedTo.set(token, clientId);
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

  const state: MockState = {
    seen,
    firstTime,
    remember,
    miAppSecret: opts.miAppSecret,
    hmsToken: (authorization, app) => {
      const token = authorization.replace(/^Bearer /, '');
      if (!issued.has(token) || issuedTo.get(token) !== app || refuseHms) return 'refused';
      return revoked.has(token) ? 'expired' : 'accepted';
    },
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
        return json(res, 200, {
          access_token: issue('hms', f.get('client_id') ?? ''),
          expires_in: 3600,
          token_type: 'Bearer',
        });
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
      const hmsApp = /^\/v1\/([^/]+)\/messages:send$/.exec(url)?.[1];
      if (hmsApp !== undefined) return hmsAnswer(state, req, res, hmsApp, text);
      if (url === '/v3/message/regid') return miAnswer(state, req, res, text);
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
    refuseHmsTokens: (on: boolean) => {
      refuseHms = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
