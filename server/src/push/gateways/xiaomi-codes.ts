import type { Answer } from './http';
import { transient } from './http';
import type { Attempt } from './retry';
import type { DeliveryResult } from './types';

/**
 * MiPush's result codes (the `code` number of every answer; 0 with `result: "ok"` is success).
 * Sources: Xiaomi's server error code page https://dev.mi.com/xiaomihyperos/documentation/detail?pId=1560
 * and the server SDK's `com.xiaomi.push.sdk.ErrorCode` (MiPush_SDK_Server), which also names
 * 10009, 10022-10024 and 22001-22008.
 */
const BUSY = new Set([1, 10001, 10002, 10003, 10009, 10022, 10023, 10024, 10027, 10028, 26003]);
const CREDENTIALS = new Set([21301, 21302, 22000, 22001, 22002, 22006, 22007, 22008, 22022]);
const MEANING: Readonly<Record<number, string>> = {
  10008: 'parameter error',
  10016: 'a required parameter is missing',
  10017: 'a parameter value is illegal',
  10018: 'the request is too long',
  10026: 'the app is blacklisted',
  10031: 'the app is blacklisted and may not send',
  10034: 'the app sent too many messages today',
  10036: 'the operation is forbidden for this app',
  20301: 'sending the message failed',
  21303: 'restricted request',
  21305: 'a required parameter is missing',
  22102: 'sending the notification failed',
  26006: 'the message awaits review in the MiPush console',
  65009: 'the message content is too long',
};

/**
 * Invalid registration ids a successful answer lists in `data.bad_regids` (comma-joined). Xiaomi's
 * public pages do not document this member; community server SDKs read it under this name (and as
 * `bad_regIds` / `badRegIds`), so every spelling counts.
 */
function badRegids(data: unknown): Set<string> {
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const out = new Set<string>();
  for (const key of ['bad_regids', 'bad_regIds', 'badRegIds']) {
    const v = d[key];
    if (typeof v === 'string') for (const id of v.split(',')) if (id.trim()) out.add(id.trim());
  }
  return out;
}

/** The per-device results of one `/v3/message/regid` answer, or a retry of the slice. */
export function xiaomiOutcome(a: Answer, ids: string[], label: string): DeliveryResult[] | Attempt {
  const b = (a.body && typeof a.body === 'object' ? a.body : {}) as {
    code?: unknown;
    result?: unknown;
    reason?: unknown;
    description?: unknown;
    data?: unknown;
  };
  const code = typeof b.code === 'number' ? b.code : typeof b.code === 'string' ? Number(b.code) : NaN;
  if (code === 0 && a.status === 200) {
    const bad = badRegids(b.data);
    return ids.map((id): DeliveryResult => (bad.has(id) ? { status: 'invalidToken' } : { status: 'ok' }));
  }
  if (BUSY.has(code)) return { status: 'retry', afterMs: a.retryAfter };
  const t = transient(a);
  if (t) return t;
  const said = [b.reason, b.description].find((s): s is string => typeof s === 'string' && s !== '');
  const detail = said ? ` (Xiaomi: ${said.slice(0, 160)})` : '';
  let message: string;
  if (CREDENTIALS.has(code))
    message = `Xiaomi refused the credentials of ${label}: ${code} authentication failed${detail}; check secretEnv.appSecret and options.packageName`;
  else if (Number.isFinite(code))
    message = `Xiaomi refused the message: ${code} ${MEANING[code] ?? 'unknown result code'}${detail}`;
  else
    message = `Xiaomi answered ${a.status || 'nothing'} without a result code: ${(typeof a.body === 'string' ? a.body : (JSON.stringify(a.body) ?? '')).slice(0, 200)}`;
  return ids.map((): DeliveryResult => ({ status: 'error', message }));
}
