import { createPrivateKey, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

const b64url = (v: Buffer | string) => Buffer.from(v).toString('base64url');

/** Reads a PEM private key (an APNs .p8 file, a service account's private_key); the message never quotes it. */
export function readPrivateKey(pem: string, what: string): KeyObject | string {
  try {
    return createPrivateKey(pem.replace(/\\n/g, '\n'));
  } catch {
    return `${what} is not a readable PEM private key`;
  }
}

/** A signed JWT: ES256 (APNs provider tokens) or RS256 (Google service accounts). */
export function signJwt(
  alg: 'ES256' | 'RS256',
  key: KeyObject,
  claims: Record<string, unknown>,
  header: Record<string, unknown> = {},
): string {
  const input = `${b64url(JSON.stringify({ alg, typ: 'JWT', ...header }))}.${b64url(JSON.stringify(claims))}`;
  // JWS ES256 wants the raw r||s signature, not DER.
  const sig =
    alg === 'ES256'
      ? sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' })
      : sign('sha256', Buffer.from(input), key);
  return `${input}.${b64url(sig)}`;
}
