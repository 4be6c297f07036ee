import { generateKeyPairSync, verify } from 'node:crypto';
import { createSecureServer } from 'node:http2';
import type { Http2SecureServer, IncomingHttpHeaders, ServerHttp2Stream } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

/** A request the mock APNs received. */
export interface ApnsSeen {
  host: 'prod' | 'dev';
  device: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  jwt: string;
  at: number;
}

/**
 * A local APNs for tests (HTTP/2 over TLS with a certificate made for the run). What it answers
 * depends on the device token's prefix: `dead` 410 Unregistered, `bad` 400 BadDeviceToken, `busy`
 * 429 with retry-after 1 the first time, `down` 503 the first time, `slow` no answer in time the
 * first time; anything else 200. Provider tokens are checked against the key, and `expireTokens()`
 * makes every token seen so far answer 403 ExpiredProviderToken.
 */
export async function startMockApns(teamId: string, keyId: string) {
  const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const p8 = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const publicKey = pair.publicKey;
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
  const seen: ApnsSeen[] = [];
  const expired = new Set<string>();
  const sessions = { prod: 0, dev: 0 };
  const slowDelayMs = 1500;

  const tokenProblem = (jwt: string): string | undefined => {
    const [h, c, s] = jwt.split('.');
    if (!h || !c || !s) return 'MissingProviderToken';
    const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string; kid?: string };
    const claims = JSON.parse(Buffer.from(c, 'base64url').toString()) as { iss?: string; iat?: number };
    const ok = verify(
      'sha256',
      Buffer.from(`${h}.${c}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(s, 'base64url'),
    );
    if (!ok || header.alg !== 'ES256' || header.kid !== keyId || claims.iss !== teamId)
      return 'InvalidProviderToken';
    if (expired.has(jwt)) return 'ExpiredProviderToken';
    return undefined;
  };

  const answer = (
    stream: ServerHttp2Stream,
    status: number,
    reason?: string,
    extra: Record<string, string> = {},
  ) => {
    if (stream.closed) return;
    stream.respond({ ':status': status, ...extra });
    stream.end(reason ? JSON.stringify({ reason }) : undefined);
  };

  const make = (host: 'prod' | 'dev'): Http2SecureServer => {
    const server = createSecureServer({ key: pems.private, cert: pems.cert });
    server.on('session', () => sessions[host]++);
    server.on('stream', (stream, headers) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const device = decodeURIComponent(String(headers[':path']).replace(/^\/3\/device\//, ''));
        const jwt = String(headers.authorization ?? '').replace(/^bearer /, '');
        const first = !seen.some((s) => s.device === device);
        seen.push({
          host,
          device,
          headers,
          body: JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>,
          jwt,
          at: Date.now(),
        });
        const problem = tokenProblem(jwt);
        if (problem) return answer(stream, 403, problem);
        if (device.startsWith('dead')) return answer(stream, 410, 'Unregistered');
        if (device.startsWith('bad')) return answer(stream, 400, 'BadDeviceToken');
        if (first && device.startsWith('busy'))
          return answer(stream, 429, 'TooManyRequests', { 'retry-after': '1' });
        if (first && device.startsWith('down')) return answer(stream, 503, 'ServiceUnavailable');
        if (first && device.startsWith('slow')) {
          setTimeout(() => answer(stream, 200), slowDelayMs);
          return;
        }
        answer(stream, 200);
      });
    });
    return server;
  };
  const servers = { prod: make('prod'), dev: make('dev') };
  const url = async (s: Http2SecureServer) => {
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    return `https://127.0.0.1:${(s.address() as AddressInfo).port}`;
  };
  return {
    p8,
    ca: pems.cert,
    prodUrl: await url(servers.prod),
    devUrl: await url(servers.dev),
    seen,
    sessions,
    expireTokens: () => seen.forEach((s) => expired.add(s.jwt)),
    close: () =>
      Promise.all(
        Object.values(servers).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
      ),
  };
}
