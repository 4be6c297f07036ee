import { call, describe, form, transient } from './http';
import { networkSettings, ProfileOptions } from './options';
import type { DeliveryGateway, DeliveryItem, ProfileSettings } from './types';
import { allFailed, resultsNaming, sendSlice, slicedGateway, ttlSeconds } from './vendor';
import type { VendorMessage } from './vendor';

export const XIAOMI_BASE = 'https://api.xmpush.xiaomi.com';
const MAX_REGIDS = 1000;

/** MiPush's form fields for a slice of devices sharing one payload. */
export function xiaomiFields(
  m: VendorMessage,
  regids: string[],
  packageName: string,
): Record<string, string> {
  const ttl = ttlSeconds(m);
  return {
    registration_id: regids.join(','),
    restricted_package_name: packageName,
    title: m.title ?? '',
    description: m.body ?? '',
    pass_through: m.passThrough ? '1' : '0',
    notify_type: '-1',
    payload: JSON.stringify(
      m.passThrough ? { title: m.title, alert: m.body, ...m.custom } : (m.custom ?? {}),
    ),
    ...(ttl ? { time_to_live: String(ttl * 1000) } : {}),
    ...(m.notificationChannel ? { 'extra.channel_id': m.notificationChannel } : {}),
    ...(m.action ? { 'extra.notify_effect': '2', 'extra.intent_uri': m.action } : {}),
  };
}

/**
 * Xiaomi MiPush: `Authorization: key=<AppSecret>`, `/v3/message/regid` with up to 1000 regids;
 * the regids MiPush lists in `data.bad_regids` are invalid.
 *
 * Options: packageName, baseUrl, timeoutMs, retries, retryBaseMs, maxRetryWaitMs. Secret: appSecret.
 */
export function createXiaomi(profile: ProfileSettings): DeliveryGateway {
  const o = new ProfileOptions(profile, 'Xiaomi');
  const packageName = o.str('packageName');
  const baseUrl = o.str('baseUrl', XIAOMI_BASE).replace(/\/+$/, '');
  const appSecret = o.secret('appSecret');
  const net = networkSettings(o, 1);
  const problem = o.problem();

  const sendItems = (items: DeliveryItem[], signal: AbortSignal) =>
    sendSlice(net, signal, items.length, async () => {
      const ids = items.map((it) => it.deviceId);
      const a = await call(
        `${baseUrl}/v3/message/regid`,
        {
          headers: {
            authorization: `key=${appSecret}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: form(xiaomiFields(items[0]?.payload as VendorMessage, ids, packageName)),
        },
        net.timeoutMs,
        signal,
      );
      const t = transient(a);
      if (t) return t;
      const b = (a.body ?? {}) as {
        code?: number;
        result?: string;
        reason?: string;
        data?: { bad_regids?: string };
      };
      if (a.status === 200 && b.code === 0) {
        const listed = b.data?.bad_regids;
        const bad = new Set(typeof listed === 'string' ? listed.split(',').filter(Boolean) : []);
        return resultsNaming(ids, bad);
      }
      const message =
        typeof b.reason === 'string'
          ? `Xiaomi refused the message: ${typeof b.code === 'number' ? b.code : a.status} ${b.reason.slice(0, 200)}`
          : describe('Xiaomi', a);
      return allFailed(ids, message);
    });

  return slicedGateway('xiaomi', o, MAX_REGIDS, problem, sendItems);
}
