import fc from 'fast-check';
import type { FuzzRequest } from '../../test/fuzz/common';
import {
  anyNumber,
  anyString,
  atomicOp,
  encodeSegment,
  junk,
  paramString,
  whereObject,
} from '../../test/fuzz/index';
import { auth, body, member } from './push-bodies';

// Installation writes at both paths, and the reads and deletes of records, scheduled pushes,
// deliveries and installations.

const installationBody = fc.record(
  {
    deviceType: member(fc.constantFrom('ios', 'android')),
    deviceToken: member(fc.constantFrom('tok-a', 'tok-b')),
    installationId: member(fc.constantFrom('inst-a', 'inst-b')),
    channels: member(fc.oneof(fc.array(anyString, { maxLength: 3 }), atomicOp)),
    vendor: member(fc.constantFrom('HMS', 'mi', 'oppo')),
    deviceProfile: member(fc.oneof(fc.constantFrom('', 'p1', '_x'), anyString)),
    registrationId: junk,
    apnsTopic: junk,
    badge: member(anyNumber),
    extra: junk,
  },
  { requiredKeys: [] },
);
const validInstallation = fc.record(
  {
    deviceType: fc.constant('android'),
    installationId: fc.constantFrom('inst-a', 'inst-b', 'inst-c'),
    channels: fc.oneof(fc.array(fc.constantFrom('fz', 'other'), { maxLength: 2 }), atomicOp),
    vendor: fc.constantFrom('HMS', 'mi', 'oppo'),
    deviceProfile: fc.constantFrom('', 'p1'),
    registrationId: fc.stringMatching(/^[a-z]{1,8}$/),
    badge: anyNumber,
  },
  { requiredKeys: ['deviceType', 'installationId'] },
);
/** Installations the fuzz updates (filled in before the first run). */
export const installed: string[] = [];
const installationPath = fc.constantFrom('/1.1/installations', '/1.1/classes/_Installation');
export const installationRequest = fc
  .tuple(
    installationPath,
    fc.constantFrom('POST', 'PUT'),
    body(fc.oneof(installationBody, validInstallation)),
    auth,
    fc.nat(),
  )
  .map(([path, method, raw, a, n]): FuzzRequest => ({
    kind: 'installation',
    method,
    path: method === 'PUT' ? `${path}/${installed[n % installed.length] ?? 'none'}` : path,
    auth: a,
    headers: { 'Content-Type': 'application/json' },
    body: raw,
  }));

const idSegment = fc.oneof(
  anyString.map((s) => encodeSegment(s) || 'x'),
  fc.constantFrom('1', '0', '99999999999999999999', '-1'),
);
export const readRequest = fc
  .tuple(
    fc.constantFrom(
      ['GET', '/1.1/notifications'],
      ['GET', '/1.1/notifications/:id'],
      ['DELETE', '/1.1/notifications/:id'],
      ['GET', '/1.1/tables/Notifications/:id'],
      ['GET', '/1.1/scheduledPushMessages'],
      ['DELETE', '/1.1/scheduledPushMessages/:id'],
      ['GET', '/1.1/switchboard/push/deliveries'],
      ['GET', '/1.1/installations'],
      ['DELETE', '/1.1/installations/:id'],
    ),
    idSegment,
    fc.dictionary(
      fc.constantFrom('where', 'order', 'limit', 'skip', 'count', 'keys', 'push', 'installation'),
      fc.oneof(
        paramString,
        whereObject.map((w) => JSON.stringify(w)),
      ),
      { maxKeys: 4 },
    ),
    auth,
  )
  .map(([[method, path], id, query, a]): FuzzRequest => ({
    kind: 'push-read',
    method,
    path: path.replace(':id', id),
    query,
    auth: a,
  }));
