import { describe, expect, it } from 'vitest';
import { appPermissionsOf } from '@switchboard/shared';
import type { CapabilitiesResponse, Capability } from '@switchboard/shared';
import { areaState, landingArea, visibleAreas } from './app-areas';

const caps = (offers: Capability[], reachable = true): CapabilitiesResponse => ({
  app: 'default',
  reachable,
  source: 'probe',
  areas: {
    storage: offers.includes('storage'),
    push: offers.includes('push'),
    im: offers.includes('im'),
    schemaWrite: offers.includes('schemaWrite'),
  },
});
/** Our server today: storage and push, no instant messaging yet. */
const ours = caps(['storage', 'push', 'schemaWrite']);
const withIm = caps(['storage', 'push', 'im', 'schemaWrite']);
const leancloud = caps(['storage', 'push', 'im']);

describe('visibleAreas', () => {
  it('lists for each role only what it may use and the app offers', () => {
    expect(visibleAreas(appPermissionsOf('admin'), ours)).toEqual([
      'data',
      'users',
      'roles',
      'push',
      'settings',
    ]);
    expect(visibleAreas(appPermissionsOf('developer'), ours)).toEqual([
      'data',
      'users',
      'roles',
      'push',
      'settings',
    ]);
    expect(visibleAreas(appPermissionsOf('viewer'), ours)).toEqual([
      'data',
      'users',
      'roles',
      'push',
      'settings',
    ]);
    expect(visibleAreas(appPermissionsOf('operator'), ours)).toEqual(['push', 'settings']);
    expect(visibleAreas(appPermissionsOf('support'), ours)).toEqual(['users', 'settings']);
  });

  it('lists Messaging once the app offers instant messaging', () => {
    expect(visibleAreas(appPermissionsOf('operator'), withIm)).toEqual(['push', 'messaging', 'settings']);
    expect(visibleAreas(appPermissionsOf('support'), withIm)).toEqual(['users', 'messaging', 'settings']);
    expect(visibleAreas(appPermissionsOf('admin'), leancloud)).toContain('messaging');
  });

  it('leaves out Push where the app has none', () => {
    expect(visibleAreas(appPermissionsOf('operator'), caps(['storage']))).toEqual(['settings']);
    expect(visibleAreas(appPermissionsOf('admin'), caps(['storage']))).toEqual([
      'data',
      'users',
      'roles',
      'settings',
    ]);
  });

  it('lists no optional area before the app answers, nor when it could not be asked', () => {
    for (const known of [undefined, null]) {
      expect(visibleAreas(appPermissionsOf('admin'), known)).toEqual(['data', 'users', 'roles', 'settings']);
      expect(visibleAreas(appPermissionsOf('operator'), known)).toEqual(['settings']);
    }
  });

  it('keeps the data areas of an app that cannot be reached, whose pages say so', () => {
    expect(visibleAreas(appPermissionsOf('viewer'), caps([], false))).toEqual([
      'data',
      'users',
      'roles',
      'settings',
    ]);
  });

  it('leaves out the data areas of an app that, reached, says it has no storage', () => {
    expect(visibleAreas(appPermissionsOf('admin'), caps(['push']))).toEqual(['push', 'settings']);
  });

  it('gives Settings to a role with no app permission at all', () => {
    expect(visibleAreas([], ours)).toEqual(['settings']);
  });
});

describe('areaState', () => {
  it('tells a refusal from an area the app does not offer', () => {
    expect(areaState('data', appPermissionsOf('operator'), ours)).toBe('forbidden');
    expect(areaState('messaging', appPermissionsOf('operator'), ours)).toBe('notOffered');
    expect(areaState('messaging', appPermissionsOf('developer'), withIm)).toBe('open');
    expect(areaState('push', appPermissionsOf('support'), ours)).toBe('forbidden');
    expect(areaState('push', appPermissionsOf('operator'), undefined)).toBe('unknown');
    expect(areaState('push', appPermissionsOf('operator'), null)).toBe('notOffered');
  });
});

describe('landingArea', () => {
  it('lands each role on its first useful page', () => {
    expect(landingArea(appPermissionsOf('admin'), ours)).toBe('data');
    expect(landingArea(appPermissionsOf('viewer'), ours)).toBe('data');
    expect(landingArea(appPermissionsOf('support'), ours)).toBe('users');
    expect(landingArea(appPermissionsOf('operator'), ours)).toBe('push');
    expect(landingArea(appPermissionsOf('operator'), caps(['storage', 'im']))).toBe('messaging');
    expect(landingArea(appPermissionsOf('operator'), caps(['storage']))).toBe('settings');
  });

  it('waits for the app’s answer only when an area before the landing page depends on it', () => {
    expect(landingArea(appPermissionsOf('developer'), undefined)).toBe('data');
    expect(landingArea(appPermissionsOf('support'), undefined)).toBe('users');
    expect(landingArea(appPermissionsOf('operator'), undefined)).toBeUndefined();
    expect(landingArea(appPermissionsOf('operator'), null)).toBe('settings');
  });
});
