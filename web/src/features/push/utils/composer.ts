import { PUSH_BODY_LIMIT, pushDataSchema, pushParamsSchema } from '@switchboard/shared';
import type { Group } from '../../../components/query-builder/model';
import { toWhere } from '../../../components/query-builder/where';

export type DeviceChoice = 'all' | 'ios' | 'android';

/** Who a push goes to: everyone, or the devices in some channels; optionally one platform. */
export interface Audience {
  kind: 'everyone' | 'channels';
  channels: string[];
  deviceType: DeviceChoice;
  /** Only devices active (installation updated) within this many days, 1 to 90; '' for any. */
  activeDays?: string;
  /** Any further `_Installation` conditions, built with the data browser's query builder. */
  conditions?: Group;
}

/** Days of "active within": the server targets nothing older than 90 days anyway (Doc 2 Limits). */
export const MAX_ACTIVE_DAYS = 90;
const DAY_MS = 86_400_000;

/** The whole number of days of `activeDays`, or undefined when it is empty or not 1 to 90. */
export function activeDaysOf(a: Audience): number | undefined {
  const raw = (a.activeDays ?? '').trim();
  if (!/^\d{1,2}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && n <= MAX_ACTIVE_DAYS ? n : undefined;
}

export interface CustomField {
  key: string;
  value: string;
}

/** Doc 2 `data` keys that override the message for one platform or Android vendor. */
export const OVERRIDE_PLATFORMS = ['ios', 'android', 'mi', 'hms', 'mz', 'vivo', 'oppo', 'fcm'] as const;
export type OverridePlatform = (typeof OVERRIDE_PLATFORMS)[number];

/** One platform's own title and text; an empty field keeps the message's. */
export interface Override {
  title: string;
  text: string;
}

/** The message as the form holds it; `json` replaces the form when set (the JSON mode). */
export interface Message {
  title: string;
  text: string;
  /** '' (none), 'Increment', or a whole number as typed. */
  badge: string;
  sound: string;
  silent: boolean;
  custom: CustomField[];
  overrides?: Partial<Record<OverridePlatform, Override>>;
}

export const emptyMessage = (): Message => ({
  title: '',
  text: '',
  badge: '',
  sound: '',
  silent: false,
  custom: [],
});

/** A custom field's value: JSON when it parses (numbers, true, objects), else the text itself. */
function customValue(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** Doc 2 `data` from the form: text is `alert`, silent is Android's `silent` and iOS's content-available. */
export function messageData(m: Message): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const f of m.custom) if (f.key.trim()) data[f.key.trim()] = customValue(f.value);
  if (m.text) data.alert = m.text;
  if (m.title) data.title = m.title;
  const badge = m.badge.trim();
  if (badge === 'Increment') data.badge = 'Increment';
  else if (badge !== '') data.badge = /^-?\d+$/.test(badge) ? Number(badge) : badge;
  if (m.sound) data.sound = m.sound;
  if (m.silent) {
    data.silent = true;
    data['content-available'] = 1;
  }
  for (const p of OVERRIDE_PLATFORMS) {
    const o = m.overrides?.[p];
    if (!o || (!o.title && !o.text)) continue;
    data[p] = { ...(o.text ? { alert: o.text } : {}), ...(o.title ? { title: o.title } : {}) };
  }
  return data;
}

/**
 * Doc 2 where over _Installation for the audience (channels go in `channels`, as the API takes
 * them). "Active within N days" counts from `now` rounded down to the minute, so the where (and the
 * estimate asked for it) stays the same while the operator types.
 */
export function audienceWhere(a: Audience, now = new Date()): Record<string, unknown> {
  const where: Record<string, unknown> = a.deviceType === 'all' ? {} : { deviceType: a.deviceType };
  const days = activeDaysOf(a);
  if (days) {
    const minute = Math.floor(now.getTime() / 60_000) * 60_000;
    where.updatedAt = { $gt: { __type: 'Date', iso: new Date(minute - days * DAY_MS).toISOString() } };
  }
  const extra = a.conditions ? toWhere(a.conditions) : {};
  if (Object.keys(extra).length === 0) return where;
  if (Object.keys(where).length === 0) return extra;
  // Both may name the same field (deviceType, updatedAt): $and keeps each condition as written.
  const overlap = Object.keys(extra).some((k) => k in where || k.startsWith('$'));
  return overlap ? { $and: [where, extra] } : { ...where, ...extra };
}

export interface SendOptions {
  /** The time to send, or undefined for now. */
  pushTime?: Date | undefined;
  reqId: string;
  /** More push parameters (expiry, flow control, Android notification channel). */
  extra?: Record<string, unknown> | undefined;
}

/** The body of POST /1.1/push exactly as it will be sent (the byte counter counts this). */
export function pushBody(
  a: Audience,
  data: Record<string, unknown>,
  o: SendOptions,
): Record<string, unknown> {
  const body: Record<string, unknown> = { data, req_id: o.reqId, prod: 'prod', ...o.extra };
  const where = audienceWhere(a);
  if (Object.keys(where).length > 0) body.where = where;
  if (a.kind === 'channels') body.channels = a.channels;
  if (o.pushTime) body.push_time = o.pushTime.toISOString();
  return body;
}

/** UTF-8 bytes of a body as serialized; Doc 2: it must be smaller than 4096. */
export const bodyBytes = (body: unknown): number => new TextEncoder().encode(JSON.stringify(body)).length;
export const bodyFits = (bytes: number): boolean => bytes < PUSH_BODY_LIMIT;

/** A problem at one field ("data.badge", "channels", "json"), with the reason in words. */
export interface FieldProblem {
  field: string;
  message: string;
}

const issuesOf = (issues: { path: PropertyKey[]; message: string }[], prefix: string): FieldProblem[] =>
  issues.map((i) => ({
    field: [prefix, ...i.path.map(String)].filter(Boolean).join('.'),
    message: i.message,
  }));

/** What is wrong with a composition, checked with the same rules the server applies. */
export function validateComposition(
  a: Audience,
  data: Record<string, unknown>,
  o: SendOptions,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (a.kind === 'channels' && a.channels.length === 0)
    problems.push({ field: 'channels', message: 'Choose at least one channel.' });
  if ((a.activeDays ?? '').trim() !== '' && !activeDaysOf(a))
    problems.push({
      field: 'activeDays',
      message: `Active within is a whole number of days from 1 to ${MAX_ACTIVE_DAYS}.`,
    });
  if (typeof data.alert !== 'string' && !(data.alert && typeof data.alert === 'object'))
    problems.push({ field: 'data.alert', message: 'The text is required: it is what the device shows.' });
  const body = pushBody(a, data, o);
  const parsed = pushParamsSchema.safeParse(body);
  if (!parsed.success) problems.push(...issuesOf(parsed.error.issues, ''));
  const bytes = bodyBytes(body);
  if (!bodyFits(bytes))
    problems.push({
      field: 'body',
      message: `The push is ${bytes} bytes; it must be smaller than ${PUSH_BODY_LIMIT}.`,
    });
  return problems;
}

/** The JSON mode's text as `data`, or the reason it is not acceptable (with the field it is at). */
export function parseJsonData(
  text: string,
): { data: Record<string, unknown> } | { problems: FieldProblem[] } {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (e) {
    return { problems: [{ field: 'json', message: `Not JSON: ${(e as Error).message}` }] };
  }
  const parsed = pushDataSchema.safeParse(value);
  if (!parsed.success) return { problems: issuesOf(parsed.error.issues, 'data') };
  return { data: value as Record<string, unknown> };
}

const REQ_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Doc 2 req_id (16 letters and digits): made once per composition, so a retry sends one push. */
export function newReqId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => REQ_ID_CHARS[b % REQ_ID_CHARS.length]).join('');
}
