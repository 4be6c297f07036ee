import type { Browser } from '@playwright/test';
import { serverUrl, stack } from '../stack';
import { addConsoleUsers } from './console';
import type { NewConsoleUser } from './console';

/**
 * What the messaging specs share: one console user per messaging role, named for the spec and
 * this run, and the API server spoken to with the master key, as the app's own server would.
 */
export interface ImStaff {
  stamp: number;
  support: NewConsoleUser;
  operator: NewConsoleUser;
  viewer: NewConsoleUser;
}

export function imStaff(prefix: string): ImStaff {
  const stamp = Date.now();
  const password = `${prefix}-${stamp}`;
  const user = (role: string) => ({ email: `${prefix}-${role}-${stamp}@e2e.example`, role, password });
  return { stamp, support: user('support'), operator: user('operator'), viewer: user('viewer') };
}

/** Adds the staff as console users, signed in as the stack's admin in a page of its own. */
export async function addImStaff(browser: Browser, staff: ImStaff): Promise<void> {
  const page = await browser.newPage();
  await addConsoleUsers(page, stack.admin, [staff.support, staff.operator, staff.viewer]);
  await page.close();
}

/** A call to the API server with the master key; its JSON answer. */
export async function master<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${serverUrl}${path}`, {
    method,
    headers: {
      'X-LC-Id': stack.appId,
      'X-LC-Key': `${stack.masterKey},master`,
      'content-type': 'application/json',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
