import { isPlainObject } from '@switchboard/shared';
import type { Credentials } from './auth';
import type { ApiMethod } from './types';

/** Transport fields of Doc 1's method override ("POST with Content-Type: text/plain ... _method"). */
const TRANSPORT_FIELDS = [
  '_method',
  '_ApplicationId',
  '_ApplicationKey',
  '_MasterKey',
  '_SessionToken',
  '_ClientVersion',
  '_InstallationId',
  '_ApplicationProduction',
];

export interface Override {
  method: ApiMethod;
  credentials: Credentials;
  /** For PUT and POST: the fields of the intended request. */
  body: Record<string, unknown> | undefined;
  /** For GET and DELETE: the fields of the intended request, as query parameters. */
  query: Record<string, string>;
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** Returns the intended request when a POST body carries `_method`, otherwise undefined. */
export function readOverride(body: unknown): Override | undefined {
  if (!isPlainObject(body) || typeof body._method !== 'string') return undefined;
  const method = body._method.toUpperCase();
  if (method !== 'GET' && method !== 'PUT' && method !== 'DELETE' && method !== 'POST') return undefined;
  const masterKey = str(body._MasterKey);
  const credentials: Credentials = {
    appId: str(body._ApplicationId),
    key: masterKey !== undefined ? `${masterKey},master` : str(body._ApplicationKey),
    sign: undefined,
    session: str(body._SessionToken),
  };
  const fields = Object.fromEntries(Object.entries(body).filter(([k]) => !TRANSPORT_FIELDS.includes(k)));
  const query: Record<string, string> = {};
  if (method === 'GET' || method === 'DELETE') {
    for (const [k, v] of Object.entries(fields)) query[k] = typeof v === 'string' ? v : JSON.stringify(v);
  }
  return {
    method,
    credentials,
    body: method === 'PUT' || method === 'POST' ? fields : undefined,
    query,
  };
}
