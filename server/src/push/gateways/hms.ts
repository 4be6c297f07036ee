import { call, describe, form, sharedCall, TokenCache, transient, withoutToken } from './http';
import { networkSettings, ProfileOptions } from './options';
import { hmsOutcome } from './hms-codes';
import type { DeliveryGateway, DeliveryItem, ProfileSettings } from './types';
import { allFailed, sendSlice, slicedGateway, ttlSeconds } from './vendor';
import type { VendorMessage } from './vendor';

export const HMS_BASE = 'https://push-api.cloud.huawei.com';
export const HMS_TOKEN_URL = 'https://oauth-login.cloud.huawei.com/oauth2/v3/token';
/** Huawei takes at most 1000 tokens per message and 4096 bytes of message besides them (send API reference). */
const MAX_TOKENS = 1000;
const MAX_BODY_BYTES = 4096;

/** Why Huawei would refuse the message as too large (80300008), or undefined: checked before sending. */
function oversized(body: { message: Record<string, unknown> }): string | undefined {
  const size = Buffer.byteLength(JSON.stringify({ ...body, message: { ...body.message, token: undefined } }));
  return size > MAX_BODY_BYTES
    ? `HMS takes at most ${MAX_BODY_BYTES} bytes of message besides the tokens; this one has ${size}: shorten the alert or the custom data`
    : undefined;
}

/** Push Kit's message for a slice of devices sharing one payload. */
export function hmsMessage(
  m: VendorMessage,
  tokens: string[],
): { validate_only: boolean; message: Record<string, unknown> } {
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
 * `messages:send` with up to 1000 tokens; hms-codes.ts reads the answers.
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

  const sendItems = (items: DeliveryItem[], signal: AbortSignal) => {
    const ids = items.map((it) => it.deviceId);
    const body = hmsMessage(items[0]?.payload as VendorMessage, ids);
    const tooLarge = oversized(body);
    if (tooLarge) return Promise.resolve(allFailed(ids, tooLarge));
    // A refused token is fetched again once per slice; refused again, the profile is wrong, and
    // retrying would only hand the devices back to the engine five times over.
    let refreshed = false;
    return sendSlice(net, signal, items.length, async () => {
      const token = await tokens.get();
      if (typeof token !== 'string') return withoutToken(token);
      const a = await call(
        url,
        {
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
        net.timeoutMs,
        signal,
      );
      const outcome = hmsOutcome(a, ids);
      if (outcome !== 'auth') return outcome;
      tokens.invalidate(token);
      if (!refreshed) {
        refreshed = true;
        return { status: 'retry', afterMs: 0 };
      }
      return allFailed(
        ids,
        `HMS refused a freshly fetched access token for ${o.label}: check options.appId and the app secret`,
      );
    });
  };

  return slicedGateway('hms', o, MAX_TOKENS, problem, sendItems);
}
