import fc from 'fast-check';
import { FUZZ_CLASS, FUZZ_OTHER_CLASS } from './common';
import type { FuzzRequest } from './common';
import { headerValue } from './headers';

// ---------------------------------------------------------------------------------------------
// Authentication

const hex32 = fc.stringMatching(/^[0-9a-f]{32}$/);

const signValue = fc.oneof(
  fc
    .tuple(
      hex32,
      fc.oneof(fc.nat().map(String), fc.constantFrom('', '-1', '1e3', '99999999999999999', 'abc')),
    )
    .map(([h, t]) => `${h},${t}`),
  fc.tuple(hex32, fc.nat().map(String)).map(([h, t]) => `${h.toUpperCase()},${t},master`),
  fc.tuple(hex32, fc.nat().map(String)).map(([h, t]) => `${h},${t},master`),
  fc.tuple(hex32, fc.nat().map(String)).map(([h, t]) => `${h},${t},master,extra`),
  fc.constantFrom(
    '',
    ',',
    ',,',
    ',master',
    'abc',
    'abc,123',
    `${'0'.repeat(32)}`,
    `${'0'.repeat(32)},`,
    `${'0'.repeat(31)},1`,
    `${'g'.repeat(32)},1`,
    ` ${'0'.repeat(32)},1 `,
    `${'0'.repeat(32)},1,MASTER`,
  ),
  headerValue,
);

const keyValue = fc.oneof(
  fc.constantFrom(
    '',
    'test-app-key',
    'test-app-key,master',
    'test-master-key',
    'test-master-key,master',
    'test-master-key,master,master',
    'test-master-key, master',
    ',master',
    'master',
    'TEST-APP-KEY',
    'test-app-key ',
  ),
  headerValue,
);

const idValue = fc.oneof(
  fc.constantFrom('', 'test-app-id', 'TEST-APP-ID', 'test-app-id ', 'test'),
  headerValue,
);

export const authRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.record(
      {
        'X-LC-Id': idValue,
        'X-LC-Key': keyValue,
        'X-LC-Sign': signValue,
        'X-LC-Session': headerValue,
        'X-LC-Prod': fc.oneof(fc.constantFrom('0', '1'), headerValue),
      },
      { requiredKeys: [] },
    ),
    fc.constantFrom(
      ['GET', '/1.1/date'],
      ['GET', `/1.1/classes/${FUZZ_CLASS}`],
      ['GET', '/1.1/schemas'],
      ['POST', `/1.1/classes/${FUZZ_OTHER_CLASS}`],
      ['DELETE', `/1.1/classes/${FUZZ_OTHER_CLASS}/none`],
      ['GET', `/1.1/scan/classes/${FUZZ_CLASS}`],
      ['POST', '/1.1/batch'],
    ),
  )
  .map(([headers, [method = 'GET', path = '/']]): FuzzRequest => ({
    kind: 'auth',
    method,
    path,
    auth: 'none' as const,
    headers: method === 'POST' ? { ...headers, 'Content-Type': 'application/json' } : headers,
    ...(method === 'POST' ? { body: path.endsWith('batch') ? '{"requests":[]}' : '{"n":1}' } : {}),
  }));
