import { call, form } from './http';
import { networkSettings, ProfileOptions } from './options';
import type { DeliveryGateway, DeliveryItem, ProfileSettings } from './types';
import { sendSlice, slicedGateway, ttlSeconds } from './vendor';
import { xiaomiOutcome } from './xiaomi-codes';
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
 * xiaomi-codes.ts reads the answers. MiPush accepts unknown regids without complaint: its feedback
 * API for them (`/v1/feedback/fetch_invalid_regids`) is marked offline in Xiaomi's server SDK
 * guide (https://dev.mi.com/xiaomihyperos/documentation/detail?pId=1558), which points to
 * delivery receipts instead, so nothing here polls it.
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
      return xiaomiOutcome(a, ids, o.label);
    });

  return slicedGateway('xiaomi', o, MAX_REGIDS, problem, sendItems);
}
