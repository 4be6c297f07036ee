import type { KeyObject } from 'node:crypto';
import { call, describe, form, sharedCall, TokenCache, transient, withoutToken } from './http';
import { readPrivateKey, signJwt } from './jwt';
import { networkSettings, ProfileOptions } from './options';
import type { Attempt } from './retry';
import { mapLimited, withRetries } from './retry';
import type { DeliveryGateway, DeliveryResult, ProfileSettings } from './types';

export const FCM_BASE = 'https://fcm.googleapis.com';
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

interface ServiceAccount {
  client_email?: string;
  private_key?: string;
  project_id?: string;
}

/** FCM's error code of a refused message (google.firebase.fcm.v1.FcmError). */
function fcmErrorCode(body: unknown): string | undefined {
  const details = (body as { error?: { details?: { errorCode?: string }[] } })?.error?.details;
  return Array.isArray(details)
    ? details.find((d) => typeof d?.errorCode === 'string')?.errorCode
    : undefined;
}

/**
 * FCM HTTP v1: the service account signs a JWT that buys an OAuth access token (kept until it
 * lapses), then one `messages:send` per device.
 *
 * Options: projectId (else the service account's project_id), baseUrl, authUrl (the OAuth token endpoint), timeoutMs,
 * retries, retryBaseMs, maxRetryWaitMs, concurrency. Secret: serviceAccount (the JSON key file's text).
 */
export function createFcm(profile: ProfileSettings): DeliveryGateway {
  const o = new ProfileOptions(profile, 'FCM');
  const baseUrl = o.str('baseUrl', FCM_BASE).replace(/\/+$/, '');
  const tokenUrl = o.str('authUrl', GOOGLE_TOKEN_URL);
  const raw = o.secret('serviceAccount');
  const net = networkSettings(o, 50);
  let account: ServiceAccount = {};
  if (raw) {
    try {
      account = JSON.parse(raw) as ServiceAccount;
    } catch {
      o.problems.push('the service account is not JSON');
    }
  }
  const projectId = o.str('projectId', account.project_id ?? '');
  if (!projectId) o.problems.push('options.projectId is not set and the service account names no project_id');
  let key: KeyObject | undefined;
  if (raw && account.private_key !== undefined) {
    const k = readPrivateKey(account.private_key, `the service account of ${o.label}`);
    if (typeof k === 'string') o.problems.push(k);
    else key = k;
  } else if (raw) o.problems.push('the service account has no private_key');
  if (raw && !account.client_email) o.problems.push('the service account has no client_email');
  const problem = o.problem();

  const tokens = new TokenCache(async () => {
    const now = Math.floor(Date.now() / 1000);
    const assertion = signJwt('RS256', key as KeyObject, {
      iss: account.client_email,
      scope: SCOPE,
      aud: tokenUrl,
      iat: now,
      exp: now + 3600,
    });
    const a = await call(
      tokenUrl,
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      },
      net.timeoutMs,
      sharedCall,
    );
    const b = a.body as { access_token?: string; expires_in?: number };
    if (a.status !== 200 || typeof b?.access_token !== 'string')
      return {
        error: `FCM: no access token for ${o.label}: ${describe('the token endpoint', a)}`,
        retry: transient(a) !== undefined,
      };
    return { value: b.access_token, ttlMs: Number(b.expires_in ?? 3600) * 1000 };
  });
  const url = `${baseUrl}/v1/projects/${encodeURIComponent(projectId)}/messages:send`;

  const deliver = (device: string, payload: { message?: Record<string, unknown> }, signal: AbortSignal) =>
    withRetries(net, signal, async (): Promise<Attempt> => {
      const token = await tokens.get();
      if (typeof token !== 'string') return withoutToken(token);
      const a = await call(
        url,
        {
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ message: { ...payload.message, token: device } }),
        },
        net.timeoutMs,
        signal,
      );
      if (a.status === 200) return { status: 'ok' };
      const code = fcmErrorCode(a.body);
      if (code === 'UNREGISTERED' || a.status === 404) return { status: 'invalidToken' };
      if (a.status === 401) {
        // The access token was revoked or lapsed early: fetch another, once.
        tokens.invalidate(token);
        return { status: 'retry', afterMs: 0 };
      }
      return transient(a) ?? { status: 'error', message: describe('FCM', a) };
    });

  return {
    kind: 'fcm',
    async send(batch, signal) {
      if (problem) return batch.items.map(() => ({ status: 'error', message: problem }));
      return mapLimited(batch.items, net.concurrency, (it): Promise<DeliveryResult> =>
        deliver(it.deviceId, it.payload as { message?: Record<string, unknown> }, signal),
      );
    },
  };
}
