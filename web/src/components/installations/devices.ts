import { VENDORS } from '@switchboard/shared';
import type { StoredObject, Vendor } from '@switchboard/shared';
import { deviceSearchWhere } from './device-search';

/** What the Devices page filters by: iOS, Android's own channel, or one Android vendor. */
export type Platform = 'ios' | 'android' | Vendor;
export type PlatformFilter = '' | Platform;
export const PLATFORM_FILTERS: Platform[] = ['ios', 'android', ...VENDORS];

export const readPlatform = (v: string | null): PlatformFilter =>
  (PLATFORM_FILTERS as (string | null)[]).includes(v) ? (v as Platform) : '';

/** The where of one platform filter ('android' is the own channel: Android without a vendor). */
export function platformWhere(p: PlatformFilter): Record<string, unknown> {
  if (p === '') return {};
  if (p === 'ios') return { deviceType: 'ios' };
  if (p === 'android') return { deviceType: 'android', vendor: { $exists: false } };
  return { deviceType: 'android', vendor: p };
}

/** The Devices page's where: a search term (see deviceSearchWhere) and a platform, both optional. */
export function devicesWhere(term: string, platform: PlatformFilter, seesTokens: boolean) {
  const parts = [
    ...(term.trim() ? [deviceSearchWhere(term, seesTokens)] : []),
    ...(platform ? [platformWhere(platform)] : []),
  ];
  if (parts.length === 0) return {};
  return parts.length === 1 ? parts[0]! : { $and: parts };
}

/** The platform key of one installation, as the filter and the counts name it. */
export function platformOf(d: StoredObject): PlatformFilter {
  if (d.deviceType === 'ios') return 'ios';
  if (d.deviceType !== 'android') return '';
  return typeof d.vendor === 'string' && (VENDORS as readonly string[]).includes(d.vendor)
    ? (d.vendor as Vendor)
    : 'android';
}

/** The bff's stand-in for a value the role may not see. */
export const REDACTED = '[redacted]';

/** A device token as the page shows it: hidden for roles without secrets, else shortened. */
export function maskedToken(value: unknown): { kind: 'none' | 'hidden' | 'shown'; text: string } {
  if (typeof value !== 'string' || value === '') return { kind: 'none', text: '' };
  if (value === REDACTED) return { kind: 'hidden', text: '' };
  return { kind: 'shown', text: value.length > 16 ? `${value.slice(0, 8)}…${value.slice(-6)}` : value };
}

/** The objectId of an installation's user pointer (owner or user), if it has one. */
export function userOf(d: StoredObject): string | undefined {
  for (const k of ['owner', 'user']) {
    const v = d[k] as { __type?: unknown; objectId?: unknown } | undefined;
    if (v && v.__type === 'Pointer' && typeof v.objectId === 'string') return v.objectId;
  }
  return undefined;
}

/** Doc 2: the server stops targeting an installation not refreshed for 90 days. */
export const INSTALLATION_LIFETIME_DAYS = 90;

/** The day an installation stops being targeted unless the app refreshes it. */
export const expiresAt = (updatedAt: string): Date =>
  new Date(Date.parse(updatedAt) + INSTALLATION_LIFETIME_DAYS * 86_400_000);

const KNOWN_FIELDS = new Set([
  'objectId',
  'createdAt',
  'updatedAt',
  'ACL',
  'deviceType',
  'deviceToken',
  'installationId',
  'registrationId',
  'vendor',
  'deviceProfile',
  'channels',
  'valid',
  'owner',
  'user',
]);

/** The app's own fields of an installation (anything not part of the push model). */
export const customFields = (d: StoredObject): [string, unknown][] =>
  Object.entries(d).filter(([k]) => !KNOWN_FIELDS.has(k));
