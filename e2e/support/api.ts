import { randomBytes } from 'node:crypto';
import { serverUrl, stack } from '../stack';

/**
 * The API server spoken to directly with the master key: to seed a spec's own data and to read
 * back what the console wrote, as another client would.
 */
const headers = {
  'X-LC-Id': stack.appId,
  'X-LC-Key': `${stack.masterKey},master`,
  'Content-Type': 'application/json',
};

export type Stored = Record<string, unknown> & { objectId: string; updatedAt: string };

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${serverUrl}/1.1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** A class name no other spec or run uses. */
export const uniqueClass = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

export const api = {
  create: (className: string, body: Record<string, unknown>) =>
    call<{ objectId: string }>('POST', `/classes/${className}`, body),
  async createMany(className: string, bodies: Record<string, unknown>[]): Promise<string[]> {
    const ids: string[] = [];
    // One at a time, so createdAt follows the order given.
    for (const body of bodies) ids.push((await api.create(className, body)).objectId);
    return ids;
  },
  update: (className: string, objectId: string, body: Record<string, unknown>) =>
    call<{ updatedAt: string }>('PUT', `/classes/${className}/${objectId}`, body),
  get: (className: string, objectId: string) => call<Stored>('GET', `/classes/${className}/${objectId}`),
  async find(className: string, where: unknown = {}, order = '-createdAt'): Promise<Stored[]> {
    const q = new URLSearchParams({ where: JSON.stringify(where), order, limit: '1000' });
    return (await call<{ results: Stored[] }>('GET', `/classes/${className}?${q}`)).results;
  },
  /** The stored ACL of one object: queries return ACLs only when asked. */
  async acl(className: string, objectId: string): Promise<unknown> {
    const q = new URLSearchParams({ where: JSON.stringify({ objectId }), returnACL: 'true' });
    const [object] = (await call<{ results: Stored[] }>('GET', `/classes/${className}?${q}`)).results;
    return object?.ACL;
  },
};

/** A write with the app key alone, as any client of the app may send; the HTTP status. */
export async function clientPut(className: string, objectId: string, body: unknown): Promise<number> {
  const res = await fetch(`${serverUrl}/1.1/classes/${className}/${objectId}`, {
    method: 'PUT',
    headers: { 'X-LC-Id': stack.appId, 'X-LC-Key': stack.appKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.status;
}

/** Logs a user of the app in through the API, as the app's own clients do; the HTTP status. */
export async function apiLogin(username: string, password: string): Promise<number> {
  const res = await fetch(`${serverUrl}/1.1/login`, {
    method: 'POST',
    headers: { 'X-LC-Id': stack.appId, 'X-LC-Key': stack.appKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return res.status;
}
