import { connect, constants } from 'node:http2';
import type { ClientHttp2Session, ClientHttp2Stream } from 'node:http2';
import type { KeyObject } from 'node:crypto';
import type { ApnsRequest } from '../payload/ios';
import { readPrivateKey, signJwt } from './jwt';
import { networkSettings, ProfileOptions } from './options';
import type { Attempt } from './retry';
import { mapLimited, retryAfterMs, retryable, withRetries } from './retry';
import type { DeliveryGateway, DeliveryResult, ProfileSettings } from './types';

export const APNS_PRODUCTION = 'https://api.push.apple.com';
export const APNS_SANDBOX = 'https://api.sandbox.push.apple.com';
/** Apple accepts a provider token for an hour and refuses refreshes more often than every 20 minutes. */
const TOKEN_AGE_MS = 40 * 60_000;
/** Apple's reasons that mean the device token is dead (Doc 2: delete the installation). */
const DEAD_TOKEN = new Set(['Unregistered', 'BadDeviceToken']);

interface ApnsAnswer {
  status: number;
  reason?: string | undefined;
  retryAfter?: number | undefined;
}

/**
 * APNs with token authentication (.p8 key, key id, team id) over HTTP/2: one kept-open session per
 * host (production or sandbox by the push's `prod`), every device a stream on it.
 *
 * Options: teamId, keyId, topic (when neither the push nor the installation names one), host,
 * sandboxHost, timeoutMs, retries, retryBaseMs, maxRetryWaitMs, concurrency.
 * Secrets: key (the .p8 file's text), ca (optional: a certificate to trust, for a gateway behind a
 * private CA).
 */
export function createApns(profile: ProfileSettings): DeliveryGateway {
  const o = new ProfileOptions(profile, 'APNs');
  const teamId = o.str('teamId');
  const keyId = o.str('keyId');
  const topic = o.str('topic', '');
  const hosts = { prod: o.str('host', APNS_PRODUCTION), dev: o.str('sandboxHost', APNS_SANDBOX) };
  const keyPem = o.secret('key');
  const ca = o.optionalSecret('ca');
  const net = networkSettings(o, 200);
  let key: KeyObject | undefined;
  if (keyPem) {
    const k = readPrivateKey(keyPem, `the APNs key of ${o.label}`);
    if (typeof k === 'string') o.problems.push(k);
    else key = k;
  }
  const problem = o.problem();

  let token: { jwt: string; at: number } | undefined;
  const providerToken = (refused?: string): string => {
    if (!token || token.jwt === refused || Date.now() - token.at > TOKEN_AGE_MS) {
      const at = Date.now();
      const jwt = signJwt(
        'ES256',
        key as KeyObject,
        { iss: teamId, iat: Math.floor(at / 1000) },
        { kid: keyId },
      );
      token = { jwt, at };
    }
    return token.jwt;
  };

  const sessions = new Map<string, ClientHttp2Session>();
  const session = (origin: string): ClientHttp2Session => {
    const known = sessions.get(origin);
    if (known && !known.closed && !known.destroyed) return known;
    const s = connect(origin, ca ? { ca } : {});
    // A session that fails or is told to go away is replaced on the next request.
    const forget = () => {
      if (sessions.get(origin) === s) sessions.delete(origin);
    };
    s.on('error', forget);
    s.on('goaway', forget);
    s.on('close', forget);
    sessions.set(origin, s);
    return s;
  };

  const post = (origin: string, device: string, req: ApnsRequest, jwt: string, signal: AbortSignal) =>
    new Promise<ApnsAnswer>((resolve) => {
      let s: ClientHttp2Session;
      try {
        s = session(origin);
      } catch {
        return resolve({ status: 0, reason: 'could not connect' });
      }
      const body = JSON.stringify(req.body);
      let stream: ClientHttp2Stream;
      try {
        // A session closing under us throws here: the device is tried again on a new one.
        stream = s.request({
          ':method': 'POST',
          ':path': `/3/device/${encodeURIComponent(device)}`,
          authorization: `bearer ${jwt}`,
          'content-type': 'application/json',
          ...(topic && !req.headers['apns-topic'] ? { 'apns-topic': topic } : {}),
          ...req.headers,
        });
      } catch {
        sessions.delete(origin);
        return resolve({ status: 0, reason: 'the connection was closing' });
      }
      let status = 0;
      let retryAfter: number | undefined;
      const chunks: Buffer[] = [];
      const finish = (a: ApnsAnswer) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', stop);
        resolve(a);
      };
      const stop = () => {
        stream.close(constants.NGHTTP2_CANCEL);
        finish({ status: 0, reason: 'stopped' });
      };
      const timer = setTimeout(() => {
        stream.close(constants.NGHTTP2_CANCEL);
        finish({ status: 0, reason: 'no answer in time' });
      }, net.timeoutMs);
      signal.addEventListener('abort', stop, { once: true });
      stream.on('response', (h) => {
        status = Number(h[':status']);
        retryAfter = retryAfterMs(h['retry-after']);
      });
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        let reason: string | undefined;
        try {
          reason = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { reason?: string }).reason;
        } catch {
          // 200 has no body.
        }
        finish({ status, reason, retryAfter });
      });
      stream.on('error', () => finish({ status: 0, reason: 'the connection was lost' }));
      stream.end(body);
    });

  const deliver = async (
    origin: string,
    device: string,
    req: ApnsRequest,
    signal: AbortSignal,
  ): Promise<DeliveryResult> => {
    let refused: string | undefined;
    return withRetries(net, signal, async (): Promise<Attempt> => {
      const jwt = providerToken(refused);
      const a = await post(origin, device, req, jwt, signal);
      if (a.status === 200) return { status: 'ok' };
      if (DEAD_TOKEN.has(a.reason ?? '') && (a.status === 410 || a.status === 400))
        return { status: 'invalidToken' };
      if (a.status === 403 && a.reason === 'ExpiredProviderToken') {
        // A fresh token right away (the refused one is never used again).
        refused = jwt;
        return { status: 'retry', afterMs: 0 };
      }
      if (a.status === 0 || retryable(a.status)) return { status: 'retry', afterMs: a.retryAfter };
      return {
        status: 'error',
        message: `APNs refused a notification: ${a.status} ${a.reason ?? ''}`.trim(),
      };
    });
  };

  return {
    kind: 'apns',
    async send(batch, signal) {
      if (problem) return batch.items.map(() => ({ status: 'error', message: problem }));
      const origin = hosts[batch.push.prod];
      return mapLimited(batch.items, net.concurrency, (it) => {
        const req = (it.payload as { headers: Record<string, string>; body: Record<string, unknown> }) ?? {};
        if (!req.headers['apns-topic'] && !topic)
          return Promise.resolve<DeliveryResult>({
            status: 'error',
            message: `APNs needs a topic: set options.topic in the ${o.label}, or topic on the push`,
          });
        return deliver(origin, it.deviceId, req, signal);
      });
    },
    close() {
      for (const s of sessions.values()) s.close();
      sessions.clear();
      return Promise.resolve();
    },
  };
}
