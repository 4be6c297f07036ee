import { isPlainObject } from '@switchboard/shared';
import { omit } from './data';

/** Members of Doc 2's iOS table that go inside `aps` (Apple's payload). */
const APS_KEYS = [
  'alert',
  'badge',
  'sound',
  'category',
  'thread-id',
  'content-available',
  'mutable-content',
  'url-args',
  'target-content-id',
];
/** Members that become APNs request headers. */
const HEADER_KEYS = ['collapse-id', 'apns-priority', 'apns-push-type'];
/** Android members, and `title`, which joins a string alert. */
const NOT_CUSTOM = ['title', 'silent', 'action'];

export interface ApnsRequest {
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/**
 * The APNs request for one device (HTTP/2 headers and JSON body), from `data` as iOS sees it.
 * `badge: "Increment"` becomes the installation's badge plus one.
 */
export function apnsRequest(
  d: Record<string, unknown>,
  ctx: { topic?: string | undefined; expiresAt: Date | null; badge: number },
): ApnsRequest | { error: string } {
  let aps: Record<string, unknown>;
  let custom: Record<string, unknown>;
  if (isPlainObject(d.aps)) {
    // The gateway-native form: aps as given, custom members beside it.
    aps = { ...d.aps };
    custom = omit(d, ['aps', ...HEADER_KEYS]);
  } else {
    aps = Object.fromEntries(Object.entries(d).filter(([k]) => APS_KEYS.includes(k)));
    if (typeof d.alert === 'string' && typeof d.title === 'string')
      aps.alert = { title: d.title, body: d.alert };
    custom = omit(d, [...APS_KEYS, ...HEADER_KEYS, ...NOT_CUSTOM]);
  }
  if (aps.alert === undefined) return { error: 'data.alert is required for iOS devices' };
  if (aps.badge === 'Increment') aps.badge = ctx.badge + 1;
  const headers: Record<string, string> = {
    'apns-push-type': typeof d['apns-push-type'] === 'string' ? d['apns-push-type'] : 'alert',
  };
  const priority = d['apns-priority'];
  if (typeof priority === 'number') headers['apns-priority'] = String(priority);
  if (typeof d['collapse-id'] === 'string') headers['apns-collapse-id'] = d['collapse-id'];
  if (ctx.topic) headers['apns-topic'] = ctx.topic;
  if (ctx.expiresAt) headers['apns-expiration'] = String(Math.floor(ctx.expiresAt.getTime() / 1000));
  return { headers, body: { ...custom, aps } };
}
