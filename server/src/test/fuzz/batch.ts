import fc from 'fast-check';
import type { AuthMode } from '../harness';
import { objectBody, rawBody } from './bodies';
import { FUZZ_CLASS, FUZZ_OTHER_CLASS, FUZZ_TARGET_CLASS, seededId } from './common';
import type { FuzzRequest } from './common';
import { fieldList, limitValue, param, paramString, queryParams } from './params';
import { pathTemplate } from './paths';
import { anyString, junk } from './primitives';
import { whereParam } from './where';

// ---------------------------------------------------------------------------------------------
// Batch and scan

const batchPath = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      `/1.1/classes/${FUZZ_OTHER_CLASS}`,
      `/1.1/classes/${FUZZ_CLASS}`,
      `/1.1/classes/${FUZZ_OTHER_CLASS}/none`,
      `/1.1/classes/${FUZZ_TARGET_CLASS}`,
      `classes/${FUZZ_OTHER_CLASS}`,
      `/classes/${FUZZ_OTHER_CLASS}`,
      `1.1/classes/${FUZZ_OTHER_CLASS}`,
      `http://example.com/1.1/classes/${FUZZ_OTHER_CLASS}`,
      '/1.1/batch',
      '/1.1/date',
      '/1.1/schemas',
      `/1.1/scan/classes/${FUZZ_CLASS}`,
      '/1.1/classes/bad-name',
      '/1.1/classes/_User',
      `/1.1/classes/${FUZZ_CLASS}?where=%7B`,
      `/1.1/classes/${FUZZ_CLASS}?limit=2`,
      '',
      '/',
    ),
  },
  {
    weight: 2,
    arbitrary: seededId('ids').map((id) => `/1.1/classes/${FUZZ_CLASS}/${id}`),
  },
  { weight: 2, arbitrary: pathTemplate },
);

const validBatchElement = fc.record(
  {
    method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
    path: batchPath,
    body: objectBody,
    params: queryParams,
  },
  { requiredKeys: ['method', 'path'] },
);

const wildBatchElement = fc.oneof(
  fc.record(
    {
      method: fc.oneof(fc.constantFrom('get', 'PATCH', ''), junk),
      path: fc.oneof(batchPath, junk),
      body: junk,
      params: junk,
    },
    { requiredKeys: [] },
  ),
  junk,
);

export const batchRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.oneof(
      {
        weight: 8,
        arbitrary: fc
          .record({ requests: fc.array(validBatchElement, { maxLength: 6 }) })
          .map((b) => JSON.stringify(b)),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.array(validBatchElement, { maxLength: 4 }), wildBatchElement, fc.nat(4))
          .map(([valid, wild, at]) =>
            JSON.stringify({ requests: (valid as unknown[]).toSpliced(at, 0, wild) }),
          ),
      },
      {
        weight: 1,
        arbitrary: fc
          .oneof(
            fc.record({ requests: junk }),
            fc.constantFrom({}, { requests: {} }, { requests: null }, { requests: [null] }, { request: [] }),
          )
          .map((b) => JSON.stringify(b)),
      },
      { weight: 1, arbitrary: rawBody },
    ),
    fc.constantFrom<AuthMode>('app', 'master'),
  )
  .map(([body, auth]): FuzzRequest => ({
    kind: 'batch',
    method: 'POST',
    path: '/1.1/batch',
    auth,
    headers: { 'Content-Type': 'application/json' },
    body,
  }));

export const scanRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.constantFrom(FUZZ_CLASS, FUZZ_CLASS, FUZZ_TARGET_CLASS, 'NoSuchClass', '_User', 'bad-name'),
    fc.record(
      {
        where: whereParam,
        limit: param(limitValue),
        cursor: fc.oneof(
          { weight: 3, arbitrary: seededId('cursors') },
          fc.constantFrom('', 'null', 'abc', '====', 'eyJ9', 'eyJhIjoxfQ==', '%%%', 'a'.repeat(500)),
          fc.base64String({ maxLength: 60 }),
          fc.jsonValue({ maxDepth: 2 }).map((v) => Buffer.from(JSON.stringify(v)).toString('base64')),
          anyString,
        ),
        scan_key: fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom('objectId', '-objectId', 'createdAt', '-updatedAt') },
          fc.constantFrom(
            'objectId',
            '-objectId',
            'createdAt',
            '-updatedAt',
            'n',
            '-s',
            '',
            '-',
            'a.b',
            '$x',
          ),
          paramString,
        ),
        include: paramString,
        keys: param(fieldList),
      },
      { requiredKeys: [] },
    ),
    fc.constantFrom<AuthMode>('master', 'master', 'sign-master', 'app'),
  )
  .map(([cls, query, auth]): FuzzRequest => ({
    kind: 'scan',
    method: 'GET',
    path: `/1.1/scan/classes/${cls}`,
    query,
    auth,
  }));
