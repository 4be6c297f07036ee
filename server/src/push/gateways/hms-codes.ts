import type { Answer } from './http';
import { transient } from './http';
import type { Attempt } from './retry';
import type { DeliveryResult } from './types';

/**
 * Push Kit's result codes (the `code` string of every `messages:send` answer). Sources: Huawei's
 * own server demo, HMS-Core/hms-push-serverdemo-java `src/main/java/com/huawei/push/util/
 * ResponceCodeProcesser.java` (and its issues #16, #22 for 80100017/18, 80300011/13, 80600003),
 * the send API reference https://developer.huawei.com/consumer/en/doc/HMSCore-References/
 * https-send-api-0000001050986197 and the common error page
 * https://developer.huawei.com/consumer/cn/doc/development/HMSCore-Guides/commonerror-0000001059816656.
 */
export const HMS_CODES: Readonly<Record<string, string>> = {
  '80000000': 'success',
  '80100000': 'some tokens are illegal',
  '80100001': 'parameter check error',
  '80100002': 'a system message takes exactly one token',
  '80100003': 'message structure error',
  '80100004': 'the TTL ends before now',
  '80100013': 'collapse_key is illegal',
  '80100016': 'the message contains sensitive words',
  '80100017': 'more than 100 topic sends at once',
  '80100018': 'the message body failed verification',
  '80200001': 'OAuth authentication error',
  '80200003': 'OAuth token expired',
  '80300002': 'the app may not send to these tokens (Push Kit not enabled, or tokens of another app)',
  '80300007': 'all tokens are invalid',
  '80300008': 'the message body is larger than 4096 bytes',
  '80300010': 'the number of tokens is not between 1 and 1000',
  '80300011': 'no permission to send high-priority notifications',
  '80300013': 'invalid receipt address',
  '80600003': 'the OAuth service failed',
  '81000001': 'Push Kit internal error',
};

/**
 * Codes meaning the access token was refused: fetched again once, as Huawei's Go demo does for both
 * (HMS-Core/hms-push-serverdemo-go `src/push/core/pushclient.go`, isTokenError).
 */
export const HMS_AUTH_CODES = new Set(['80200001', '80200003']);
/** Huawei-side failures that a later attempt may pass. */
const RETRY_CODES = new Set(['81000001', '80600003']);

/**
 * Reasons in a partial answer's `illegalTokens` groups (the newer form of `msg`, documented for the
 * v3 API: https://developer.huawei.com/consumer/en/doc/doccenter-references/api/push-scenariozed-api-response/)
 * that make a token dead for this app; other reasons (country, penalty, rights) leave it in place.
 */
const DEAD_REASONS = new Set(['tokenFormatError', 'noRight']);

/** What `msg` of a 80100000 (or 80300007) answer names: dead tokens, and others with their reason. */
export function illegalTokens(msg: unknown): { dead: Set<string>; failed: Map<string, string> } {
  const dead = new Set<string>();
  const failed = new Map<string, string>();
  let m: unknown = msg;
  if (typeof m === 'string') {
    try {
      m = JSON.parse(m);
    } catch {
      return { dead, failed };
    }
  }
  if (!m || typeof m !== 'object') return { dead, failed };
  const o = m as { illegal_tokens?: unknown; illegalTokens?: unknown };
  // The v1 API's form: {"success":1,"failure":1,"illegal_tokens":["..."]}.
  if (Array.isArray(o.illegal_tokens))
    for (const t of o.illegal_tokens) if (typeof t === 'string') dead.add(t);
  if (o.illegalTokens && typeof o.illegalTokens === 'object')
    for (const [reason, list] of Object.entries(o.illegalTokens as Record<string, unknown>))
      if (Array.isArray(list))
        for (const t of list)
          if (typeof t === 'string') {
            if (DEAD_REASONS.has(reason)) dead.add(t);
            else failed.set(t, reason);
          }
  return { dead, failed };
}

const describeCode = (code: string, msg: unknown): string => {
  const meaning = HMS_CODES[code] ?? 'unknown result code';
  // A msg that is JSON lists tokens, which records must not show.
  const said =
    typeof msg === 'string' && msg !== '' && !msg.trimStart().startsWith('{')
      ? ` (Huawei: ${msg.slice(0, 160)})`
      : '';
  return `HMS refused the message: ${code} ${meaning}${said}`;
};

/**
 * The per-device results of one `messages:send` answer, a retry of the slice, or `auth` when the
 * access token was refused. `ids` are the slice's tokens in order.
 */
export function hmsOutcome(a: Answer, ids: string[]): DeliveryResult[] | Attempt | 'auth' {
  const b = (a.body && typeof a.body === 'object' ? a.body : {}) as { code?: unknown; msg?: unknown };
  const code = typeof b.code === 'string' || typeof b.code === 'number' ? String(b.code) : undefined;
  if (a.status === 401 || (code && HMS_AUTH_CODES.has(code))) return 'auth';
  if (code === '80000000') return ids.map((): DeliveryResult => ({ status: 'ok' }));
  if (code === '80100000') {
    const { dead, failed } = illegalTokens(b.msg);
    return ids.map((id): DeliveryResult => {
      if (dead.has(id)) return { status: 'invalidToken' };
      const reason = failed.get(id);
      return reason
        ? { status: 'error', message: `HMS did not send to this token: ${reason}` }
        : { status: 'ok' };
    });
  }
  if (code === '80300007') {
    // One token: it is dead. Many at once: far likelier a profile whose appId does not match the
    // app the tokens came from (a cause Huawei's common error page lists) than that many dead
    // devices, so nothing is deleted unless the answer lists the tokens itself.
    if (ids.length === 1) return [{ status: 'invalidToken' }];
    const { dead } = illegalTokens(b.msg);
    if (dead.size > 0)
      return ids.map((id): DeliveryResult =>
        dead.has(id)
          ? { status: 'invalidToken' }
          : { status: 'error', message: describeCode(code, undefined) },
      );
    const message = `${describeCode(code, undefined)} for all ${ids.length} tokens of one request: check that options.appId is the app these devices registered with; their installations were kept`;
    return ids.map((): DeliveryResult => ({ status: 'error', message }));
  }
  if (code && RETRY_CODES.has(code)) return { status: 'retry', afterMs: a.retryAfter };
  const t = transient(a);
  if (t) return t;
  const message = code
    ? describeCode(code, b.msg)
    : `HMS answered ${a.status || 'nothing'} without a result code: ${(typeof a.body === 'string' ? a.body : (JSON.stringify(a.body) ?? '')).slice(0, 200)}`;
  return ids.map((): DeliveryResult => ({ status: 'error', message }));
}
