import fc from 'fast-check';
import type { AuthMode } from '../harness';
import type { FuzzRequest } from './common';
import { headerValue } from './headers';

// ---------------------------------------------------------------------------------------------
// Host and X-Forwarded-* headers, sent to the requests whose replies or mails carry links.

/** The host every generated header tries to plant in a link. */
export const EVIL_HOST = 'evil.example';

const hostValue = fc.oneof(
  fc.constantFrom(
    EVIL_HOST,
    `${EVIL_HOST}:8443`,
    `https://${EVIL_HOST}`,
    `${EVIL_HOST}/path?x=1#y`,
    `user@${EVIL_HOST}`,
    `127.0.0.1@${EVIL_HOST}`,
    `${EVIL_HOST}, 127.0.0.1`,
    '[::1]:80',
    '[::1',
    '127.0.0.1:99999',
    ':80',
    'localhost',
    'a b',
    '',
    ' ',
    '%65vil.example',
    `${'x'.repeat(300)}.example`,
    'EVIL.EXAMPLE.',
  ),
  headerValue,
);

const address = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.constantFrom('unknown', '', ' ', '999.1.1.1', '1.2.3', '::ffff:10.0.0.1', '[::1]:443', '1.2.3.4:80'),
  headerValue,
);

const forwardedFor = fc.oneof(
  fc.array(address, { minLength: 1, maxLength: 6 }).map((list) => list.join(', ')),
  fc.constantFrom(
    ',',
    ',,,',
    ', ,',
    Array.from({ length: 600 }, (_, i) => `10.0.${i >> 8}.${i & 255}`).join(','),
  ),
);

const proto = fc.oneof(
  fc.constantFrom('https', 'http', 'HTTPS', 'javascript', 'ftp', 'https, http', '', 'https://evil.example'),
  headerValue,
);

const forwarded = fc.oneof(
  fc.constantFrom(
    `for=203.0.113.9;host=${EVIL_HOST};proto=https`,
    `for="[2001:db8::1]:443";host="${EVIL_HOST}:8443"`,
    'for=unknown, for=_hidden',
    ';;;',
  ),
  headerValue,
);

/** Any mix of the headers a client or a proxy may set to say where a request came from. */
const originHeaders = fc.record(
  {
    Host: hostValue,
    'X-Forwarded-Host': hostValue,
    'X-Forwarded-Proto': proto,
    'X-Forwarded-For': forwardedFor,
    'X-Forwarded-Port': fc.oneof(fc.constantFrom('443', '0', '-1', '99999', 'abc'), headerValue),
    'X-Real-IP': address,
    Forwarded: forwarded,
    Origin: fc.constantFrom(`https://${EVIL_HOST}`, 'null', ''),
  },
  { requiredKeys: [] },
);

/** What the test seeds before the fuzz runs: a user with an e-mail, a file record, an export. */
export const linkTargets = { email: '', fileId: '', exportId: '' };

type Target = [method: string, path: () => string, auth: AuthMode, body?: () => unknown];

const TARGETS: Target[] = [
  ['POST', () => '/1.1/requestPasswordReset', 'app', () => ({ email: linkTargets.email })],
  ['POST', () => '/1.1/requestEmailVerify', 'app', () => ({ email: linkTargets.email })],
  ['POST', () => '/1.1/fileTokens', 'app', () => ({ name: 'fuzz.txt' })],
  ['GET', () => `/1.1/files/${linkTargets.fileId}`, 'app'],
  ['GET', () => '/1.1/classes/files', 'master'],
  ['POST', () => '/1.1/classes/FuzzLinks', 'app', () => ({ f: { __type: 'File', id: linkTargets.fileId } })],
  ['GET', () => '/1.1/classes/FuzzLinks', 'app'],
  ['GET', () => `/1.1/exportData/${linkTargets.exportId}`, 'master'],
  ['GET', () => '/1.1/date', 'sign'],
];

export const forwardedRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(originHeaders, fc.constantFrom(...TARGETS))
  .map(([headers, [method, path, auth, body]]): FuzzRequest => {
    const b = body?.();
    return {
      kind: 'forwarded',
      method,
      path: path(),
      auth,
      headers: b === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
      ...(b === undefined ? {} : { body: JSON.stringify(b) }),
    };
  });
