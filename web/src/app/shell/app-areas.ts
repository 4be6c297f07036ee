import type { CapabilitiesResponse, Capability, Permission } from '@switchboard/shared';
import type { ConsoleArea } from '../../lib/paths';

/** The menu's order, which is also the order a role's landing page is chosen in. */
export const NAV_ORDER: readonly ConsoleArea[] = ['data', 'users', 'roles', 'push', 'messaging', 'settings'];

/** What an area needs: a permission of the user's role in the app, and the app offering it. */
export const AREA_NEEDS: Record<ConsoleArea, { permission?: Permission; capability?: Capability }> = {
  data: { permission: 'data.read', capability: 'storage' },
  users: { permission: 'users.read', capability: 'storage' },
  roles: { permission: 'roles.read', capability: 'storage' },
  push: { permission: 'push.read', capability: 'push' },
  messaging: { permission: 'im.read', capability: 'im' },
  // Everyone's own preferences and security, and what each app offers.
  settings: {},
};

/**
 * What the console knows of an app's offer: the answer, `undefined` while it is being asked, or
 * `null` when it could not be learned.
 */
export type KnownCapabilities = CapabilitiesResponse | null | undefined;

/**
 * `open`: listed and usable. `forbidden`: the role lacks the permission. `notOffered`: the app
 * does not have the area. `unknown`: the app's answer has not come yet.
 */
export type AreaState = 'open' | 'forbidden' | 'notOffered' | 'unknown';

function offered(capability: Capability, caps: KnownCapabilities): boolean | undefined {
  // Every LeanCloud app has storage: it is assumed until the app, reached, says otherwise, so
  // the data pages never wait for the question (and an unreachable app's pages say so themselves).
  if (capability === 'storage') return caps?.reachable === false ? true : (caps?.areas.storage ?? true);
  if (caps === undefined) return undefined;
  return caps?.areas[capability] === true;
}

export function areaState(
  area: ConsoleArea,
  permissions: readonly Permission[],
  caps: KnownCapabilities,
): AreaState {
  const { permission, capability } = AREA_NEEDS[area];
  if (permission && !permissions.includes(permission)) return 'forbidden';
  if (!capability) return 'open';
  const offer = offered(capability, caps);
  if (offer === undefined) return 'unknown';
  return offer ? 'open' : 'notOffered';
}

/** The areas the menu lists: those the role may use and the app offers, in menu order. */
export const visibleAreas = (permissions: readonly Permission[], caps: KnownCapabilities): ConsoleArea[] =>
  NAV_ORDER.filter((area) => areaState(area, permissions, caps) === 'open');

/**
 * Where a role lands in an app: its first open area in menu order, or `undefined` while an
 * earlier area waits for the app's answer. Settings is open to everyone, so a known answer
 * always gives a landing page.
 */
export function landingArea(
  permissions: readonly Permission[],
  caps: KnownCapabilities,
): ConsoleArea | undefined {
  for (const area of NAV_ORDER) {
    const state = areaState(area, permissions, caps);
    if (state === 'open') return area;
    if (state === 'unknown') return undefined;
  }
  return 'settings';
}
