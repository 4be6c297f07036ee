import { createHash, timingSafeEqual } from 'node:crypto';
import { MASTER_SUFFIX } from '@switchboard/shared';
import { unauthorized } from './errors';
import type { AuthContext } from './types';

export interface AppKeys {
  appId: string;
  appKey: string;
  masterKey: string;
}

/** Credentials as sent: headers, or the `_ApplicationId` family of a method-override body. */
export interface Credentials {
  appId: string | undefined;
  key: string | undefined;
  sign: string | undefined;
  session: string | undefined;
}

const SIGN_RE = /^([0-9a-f]{32}),(\d{1,16})(,master)?$/;

function same(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

const md5Hex = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

/**
 * How far an X-LC-Sign timestamp may be from the server's time, either way. Without a limit a
 * signature seen once (a log, a proxy, a shared HAR file) would work forever, and a master one
 * would be as good as the master key; 15 minutes leaves room for clocks that are off.
 */
export const SIGN_WINDOW_MS = 15 * 60 * 1000;

/**
 * Doc 1 Authentication: X-LC-Id with X-LC-Key (optionally `<master>,master`) or X-LC-Sign,
 * whose timestamp must be within SIGN_WINDOW_MS of `nowMs`.
 */
export function authenticate(creds: Credentials, keys: AppKeys, nowMs: number): AuthContext {
  if (!creds.appId) throw unauthorized('Unauthorized. The X-LC-Id header (application id) is missing.');
  if (!same(creds.appId, keys.appId)) throw unauthorized('Unauthorized. Unknown application id.');
  const session = creds.session || undefined;
  if (creds.sign !== undefined) {
    const m = SIGN_RE.exec(creds.sign.trim());
    if (!m) {
      throw unauthorized(
        'Unauthorized. X-LC-Sign must be "<lowercase md5 hex>,<timestamp>" with an optional ",master" suffix.',
      );
    }
    const [, sign = '', timestamp = '', masterSuffix] = m;
    if (Math.abs(Number(timestamp) - nowMs) > SIGN_WINDOW_MS) {
      throw unauthorized(
        'Unauthorized. The X-LC-Sign timestamp is outside the 15-minute window around the server time: sign with the current time in milliseconds (and check the client clock).',
      );
    }
    const master = masterSuffix !== undefined;
    const expected = md5Hex(timestamp + (master ? keys.masterKey : keys.appKey));
    if (!same(sign, expected)) throw unauthorized('Unauthorized. X-LC-Sign does not match.');
    return { master, sessionToken: session };
  }
  if (creds.key !== undefined) {
    const suffix = `,${MASTER_SUFFIX}`;
    if (creds.key.endsWith(suffix)) {
      if (!same(creds.key.slice(0, -suffix.length), keys.masterKey)) {
        throw unauthorized('Unauthorized. The master key is wrong.');
      }
      return { master: true, sessionToken: session };
    }
    if (!same(creds.key, keys.appKey)) throw unauthorized('Unauthorized. The application key is wrong.');
    return { master: false, sessionToken: session };
  }
  throw unauthorized('Unauthorized. Send X-LC-Key or X-LC-Sign with X-LC-Id.');
}
