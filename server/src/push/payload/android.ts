import type { Channel } from '../model';
import { omit } from './data';

/** Members Doc 2 lists for Android; the rest is custom. */
const ANDROID_KEYS = ['alert', 'title', 'silent', 'action'];

/** Doc 2: Android `alert` is a string and required; vivo takes no pass-through (silent) messages. */
export function androidProblem(d: Record<string, unknown>, channel: Channel): string | undefined {
  if (d.alert === undefined) return 'data.alert is required for Android devices';
  if (typeof d.alert !== 'string')
    return 'data.alert must be a string for Android devices (the alert object form is for iOS only)';
  if (channel === 'vivo' && d.silent === true)
    return 'vivo does not support pass-through (silent) messages: the message was dropped';
  return undefined;
}

/** The own channel's message (the realtime connection will carry it): data as Android sees it. */
export function ownChannelMessage(
  d: Record<string, unknown>,
  ctx: { notificationChannel?: string | undefined; expiresAt: Date | null },
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...d };
  if (ctx.notificationChannel) out._notificationChannel = ctx.notificationChannel;
  if (ctx.expiresAt) out._expiresAt = ctx.expiresAt.toISOString();
  return out;
}

/** An FCM HTTP v1 message without its token (the adapter adds each device's). */
export function fcmMessage(
  d: Record<string, unknown>,
  ctx: { notificationChannel?: string | undefined; expiresAt: Date | null; now: Date },
): Record<string, unknown> {
  const data = Object.fromEntries(
    Object.entries(omit(d, ANDROID_KEYS)).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
  const android: Record<string, unknown> = { priority: 'high' };
  if (ctx.expiresAt)
    android.ttl = `${Math.max(0, Math.floor((ctx.expiresAt.getTime() - ctx.now.getTime()) / 1000))}s`;
  if (d.silent !== true)
    android.notification = {
      title: d.title,
      body: d.alert,
      ...(ctx.notificationChannel ? { channel_id: ctx.notificationChannel } : {}),
    };
  else data.alert = String(d.alert);
  return { message: { data, android } };
}

/**
 * What a vendor adapter (HMS, mi, mz, oppo, vivo, honor) starts from: the notification or
 * pass-through message, the custom members and the vendor's own members from its override object.
 */
export function vendorMessage(
  d: Record<string, unknown>,
  ctx: { notificationChannel?: string | undefined; expiresAt: Date | null },
): Record<string, unknown> {
  return {
    title: d.title,
    body: d.alert,
    passThrough: d.silent === true,
    action: d.action,
    custom: omit(d, ANDROID_KEYS),
    ...(ctx.notificationChannel ? { notificationChannel: ctx.notificationChannel } : {}),
    ...(ctx.expiresAt ? { expiresAt: ctx.expiresAt.toISOString() } : {}),
  };
}
