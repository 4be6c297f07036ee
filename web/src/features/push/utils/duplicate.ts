import type { Audience, DeviceChoice, Message } from './composer';
import { emptyMessage, OVERRIDE_PLATFORMS } from './composer';
import type { Override, OverridePlatform } from './composer';
import { fromWhere } from '../../../components/query-builder/where';
import { whereChannels } from './audience-text';

export interface Composition {
  audience: Audience;
  mode: 'form' | 'json';
  message: Message;
  json: string;
  /** Set when part of the original where could not be carried over (the operator must check). */
  droppedWhere?: string;
}

const FORM_KEYS = new Set(['alert', 'title', 'badge', 'sound', 'silent', 'content-available']);

export const emptyComposition = (): Composition => ({
  audience: { kind: 'everyone', channels: [], deviceType: 'all' },
  mode: 'form',
  message: emptyMessage(),
  json: '{\n  "alert": ""\n}',
});

/**
 * A new composition from a sent push ("Duplicate"): the form when the form can hold its data,
 * else the JSON mode with the data as sent.
 */
export function compositionFrom(record: { data: Record<string, unknown>; where: unknown }): Composition {
  const d = record.data;
  const channels = whereChannels(record.where);
  const where =
    record.where && typeof record.where === 'object' ? (record.where as Record<string, unknown>) : {};
  const deviceType: DeviceChoice =
    where.deviceType === 'ios' || where.deviceType === 'android' ? where.deviceType : 'all';
  let dropped: string | undefined;
  const audience: Audience = {
    kind: channels ? 'channels' : 'everyone',
    channels: channels ?? [],
    deviceType,
  };
  // The rest of the where becomes builder conditions, when the builder can show it.
  const rest = Object.fromEntries(
    Object.entries(where).filter(([k]) => k !== 'channels' && !(k === 'deviceType' && deviceType !== 'all')),
  );
  if (Object.keys(rest).length > 0) {
    const parsed = fromWhere(rest);
    if (parsed.ok) audience.conditions = parsed.model;
    else dropped = JSON.stringify(rest);
  }
  const json = JSON.stringify(d, null, 2);
  const overrides: Partial<Record<OverridePlatform, Override>> = {};
  for (const p of OVERRIDE_PLATFORMS) {
    const o = overrideOf(d[p]);
    if (o) overrides[p] = o;
  }
  const formable =
    Object.keys(d).every((k) => FORM_KEYS.has(k) || k in overrides) &&
    (d.alert === undefined || typeof d.alert === 'string') &&
    (d.title === undefined || typeof d.title === 'string') &&
    (d.sound === undefined || typeof d.sound === 'string');
  const note = dropped ? { droppedWhere: dropped } : {};
  if (!formable) return { audience, mode: 'json', message: emptyMessage(), json, ...note };
  return {
    ...note,
    audience,
    mode: 'form',
    json,
    message: {
      title: (d.title as string | undefined) ?? '',
      text: (d.alert as string | undefined) ?? '',
      badge: typeof d.badge === 'number' || typeof d.badge === 'string' ? String(d.badge) : '',
      sound: (d.sound as string | undefined) ?? '',
      silent: d.silent === true,
      custom: [],
      overrides,
    },
  };
}

/** A platform object the form's override tab can hold (only a string title and text), else undefined. */
function overrideOf(v: unknown): Override | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const o = v as Record<string, unknown>;
  if (!Object.keys(o).every((k) => k === 'alert' || k === 'title')) return undefined;
  if (
    (o.alert !== undefined && typeof o.alert !== 'string') ||
    (o.title !== undefined && typeof o.title !== 'string')
  )
    return undefined;
  return { title: o.title ?? '', text: o.alert ?? '' };
}
