import { call, describe, form, sharedCall, TokenCache, transient, withoutToken } from './http';
import { networkSettings, ProfileOptions } from './options';
import type { DeliveryGateway, DeliveryItem, DeliveryResult, ProfileSettings } from './types';
import { allFailed, resultsNaming, sendSlice, slicedGateway, ttlSeconds } from './vendor';
import type { VendorMessage } from './vendor';

export const HMS_BASE = 'https://push-api.cloud.huawei.com';
export const HMS_TOKEN_URL = 'https://oauth-login.cloud.huawei.com/oauth2/v3/token';
/** Huawei takes at most 1000 tokens per message. */
const MAX_TOKENS = 1000;

/** Push Kit's message for a slice of devices sharing one payload. */
export function hmsMessage(m: VendorMessage, tokens: string[]): Record<string, unknown> {
  const ttl = ttlSeconds(m);
  const android: Record<string, unknown> = { ...(ttl ? { ttl: `${ttl}s` } : {}) };
  let data: string | undefined;
  if (m.passThrough) data = JSON.stringify({ title: m.title, alert: m.body, ...m.custom });
  else {
    android.notification = {
      title: m.title ?? '',
      body: m.body ?? '',
      click_action: m.action ? { type: 1, action: m.action } : { type: 3 },
      ...(m.notificationChannel ? { channel_id: m.notificationChannel } : {}),
    };
    if (m.custom && Object.keys(m.custom).length) data = JSON.stringify(m.custom);
  }
  return { validate_only: false, message: { android, ...(data ? { data } : {}), token: tokens } };
}

/**
 * Huawei Push Kit (HMS): an OAuth token from the app id and secret (client credentials), then
 * `messages:send` with up to 1000 tokens; tokens Huawei calls illegal are invalid.
 *
 * Options: appId, baseUrl, authUrl (the OAuth token endpoint), timeoutMs, retries, retryBaseMs, maxRetryWaitMs.
 * Secret: appSecret.
 */
export function createHms(profile: ProfileSettings): DeliveryGateway {
  const o = new ProfileOptions(profile, 'HMS');
  const appId = o.str('appId');
  const baseUrl = o.str('baseUrl', HMS_BASE).replace(/\/+$/, '');
  const tokenUrl = o.str('authUrl', HMS_TOKEN_URL);
  const appSecret = o.secret('appSecret');
  const net = networkSettings(o, 1);
  const problem = o.problem();

  const tokens = new TokenCache(async () => {
    const a = await call(
      tokenUrl,
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form({ grant_type: 'client_credentials', client_id: appId, client_secret: appSecret }),
      },
      net.timeoutMs,
      sharedCall,
    );
    const b = a.body as { access_token?: string; expires_in?: number };
    if (a.status !== 200 || typeof b?.access_token !== 'string')
      return {
        error: `HMS: no access token for ${o.label}: ${describe('the token endpoint', a)}`,
        retry: transient(a) !== undefined,
      };
    return { value: b.access_token, ttlMs: Number(b.expires_in ?? 3600) * 1000 };
  });
  const url = `${baseUrl}/v1/${encodeURIComponent(appId)}/messages:send`;

  const sendItems = (items: DeliveryItem[], signal: AbortSignal) =>
    sendSlice(net, signal, items.length, async () => {
      const token = await tokens.get();
      if (typeof token !== 'string') return withoutToken(token);
      const ids = items.map((it) => it.deviceId);
      const a = await call(
        url,
        {
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(hmsMessage(items[0]?.payload as VendorMessage, ids)),
        },
        net.timeoutMs,
        signal,
      );
      const b = (a.body ?? {}) as { code?: unknown; msg?: unknown };
      if (a.status === 401 || b.code === '80200003') {
        tokens.invalidate(token);
        return { status: 'retry', afterMs: 0 };
      }
      const t = transient(a);
      if (t) return t;
      if (b.code === '80000000') return ids.map((): DeliveryResult => ({ status: 'ok' }));
      if (b.code === '80300007') return ids.map((): DeliveryResult => ({ status: 'invalidToken' }));
      if (b.code === '80100000') {
        // Partly sent: msg is JSON naming the illegal tokens.
        let illegal = new Set<unknown>();
        try {
          const listed = (JSON.parse(String(b.msg)) as { illegal_tokens?: unknown } | null)?.illegal_tokens;
          if (Array.isArray(listed)) illegal = new Set(listed);
        } catch {
          // No readable list: count them all as sent.
        }
        return resultsNaming(ids, illegal);
      }
      const message =
        typeof b.msg === 'string'
          ? `HMS refused the message: ${typeof b.code === 'string' ? b.code : a.status} ${b.msg.slice(0, 200)}`
          : describe('HMS', a);
      return allFailed(ids, message);
    });

  return slicedGateway('hms', o, MAX_TOKENS, problem, sendItems);
}
