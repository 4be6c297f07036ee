import { isPlainObject, PLATFORM_OVERRIDES } from '@switchboard/shared';
import type { PlatformOverride } from '@switchboard/shared';
import type { Channel } from '../model';

/** Doc 2 "Per-device-type overrides": the object that overrides the defaults for each channel. */
const OVERRIDE_OF: Record<Channel, PlatformOverride> = {
  ios: 'ios',
  lc: 'android',
  fcm: 'fcm',
  hms: 'hms',
  mi: 'mi',
  mz: 'mz',
  oppo: 'oppo',
  vivo: 'vivo',
  honor: 'honor',
};

/** `data` as one channel sees it: the defaults (without the override objects), then its override's members. */
export function channelData(data: Record<string, unknown>, channel: Channel): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data))
    if (!(PLATFORM_OVERRIDES as readonly string[]).includes(k)) out[k] = v;
  const override = data[OVERRIDE_OF[channel]];
  if (isPlainObject(override)) Object.assign(out, override);
  return out;
}

/** Members without `keys`. */
export function omit(o: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
}
