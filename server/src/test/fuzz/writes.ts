import fc from 'fast-check';
import type { AuthMode } from '../harness';
import { objectBody, rawBody } from './bodies';
import { FUZZ_CLASS, FUZZ_OTHER_CLASS, FUZZ_PATH_CLASS, seeded, seededId } from './common';
import type { FuzzRequest } from './common';
import { contentType } from './headers';
import { paramString } from './params';
import { junk, writeClassName } from './primitives';
import { whereObject, whereParam } from './where';

// ---------------------------------------------------------------------------------------------
// Writes

/** A body and its Content-Type: mostly a JSON object sent as JSON, sometimes anything. */
const typedBody: fc.Arbitrary<[string | Uint8Array, string | undefined]> = fc.oneof(
  {
    weight: 3,
    arbitrary: objectBody.map((b): [string, string] => [JSON.stringify(b), 'application/json']),
  },
  { weight: 2, arbitrary: fc.tuple(rawBody, contentType) },
);

export const createRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    writeClassName,
    typedBody,
    fc.option(fc.record({ fetchWhenSave: paramString }, { requiredKeys: [] }), { nil: undefined, freq: 4 }),
    fc.constantFrom<AuthMode>('app', 'master'),
  )
  .map(([cls, [body, type], query, auth]): FuzzRequest => ({
    kind: 'create',
    method: 'POST',
    path: `/1.1/classes/${cls}`,
    ...(query ? { query } : {}),
    auth,
    headers: type === undefined ? {} : { 'Content-Type': type },
    body,
  }));

export const updateRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    seededId('ids'),
    typedBody,
    fc.option(fc.record({ where: whereParam, fetchWhenSave: paramString }, { requiredKeys: [] }), {
      nil: undefined,
      freq: 3,
    }),
    fc.constantFrom<AuthMode>('app', 'master'),
  )
  .map(([id, [body, type], query, auth]): FuzzRequest => ({
    kind: 'update',
    method: 'PUT',
    path: `/1.1/classes/${FUZZ_CLASS}/${id}`,
    ...(query ? { query } : {}),
    auth,
    headers: type === undefined ? {} : { 'Content-Type': type },
    body,
  }));

/** Cross-domain method override: POST text/plain with `_method` and credentials in the body. */
export const overrideRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom('GET', 'PUT', 'DELETE', 'POST') },
      { weight: 1, arbitrary: fc.oneof(fc.constantFrom('get', 'PATCH', ''), junk) },
    ),
    fc.oneof({ weight: 4, arbitrary: fc.constant('test-app-id') }, { weight: 1, arbitrary: junk }),
    fc.oneof({ weight: 4, arbitrary: fc.constant('test-app-key') }, { weight: 1, arbitrary: junk }),
    fc.option(fc.oneof(fc.constant('test-master-key'), junk), { nil: undefined, freq: 4 }),
    objectBody,
    fc.constantFrom(
      `/1.1/classes/${FUZZ_CLASS}`,
      `/1.1/classes/${FUZZ_PATH_CLASS}/seed`,
      `/1.1/classes/${FUZZ_OTHER_CLASS}`,
      '/1.1/date',
      '/1.1/batch',
    ),
    fc.option(fc.tuple(fc.constantFrom('where', 'order', 'keys', 'limit'), fc.oneof(whereObject, junk)), {
      nil: undefined,
    }),
  )
  .map(([method, appId, appKey, master, fields, path, extra]): FuzzRequest => {
    const body: Record<string, unknown> = {
      ...fields,
      _method: method,
      _ApplicationId: appId,
      _ApplicationKey: appKey,
    };
    if (master !== undefined) body._MasterKey = master;
    if (extra) body[extra[0]] = extra[1];
    const realPath = path.endsWith('/seed') ? path.replace('seed', seeded.pathIds[0] ?? 'none') : path;
    return {
      kind: 'override',
      method: 'POST',
      path: realPath,
      auth: 'none' as const,
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify(body),
    };
  });
