import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { stack } from '../stack';
import { addConsoleUsers, signIn } from '../support/console';

/**
 * The admin's journey (issue 7): an admin adds a support user through the console and gives them
 * their role; the support user chooses a password through the one-time link, finds no way to
 * change data, and is refused (403) when writing through the API anyway; the audit log shows each
 * step, with before and after where the entry has them. Then two-step sign-in: set up in
 * settings, and asked for at the next sign-in.
 */

const stamp = Date.now();
const usersPage = '/apps/default/admin/users';
/** The data browser's controls that change data (each shown to the admin). */
const EDIT_CONTROLS = ['Add row', 'Bulk actions', 'Import'];

/**
 * RFC 6238 (SHA-1, 6 digits, 30 s), written here from the RFC rather than taken from the bff, so
 * the test checks the console against an authenticator app's arithmetic.
 */
function totp(base32: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of base32.replace(/[\s=]/g, '')) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Waits for the console API call matching method and path that `act` causes; returns its status. */
async function answered(page: Page, method: string, path: RegExp, act: () => Promise<void>) {
  const response = page.waitForResponse(
    (r) => r.request().method() === method && path.test(new URL(r.url()).pathname),
  );
  await act();
  return (await response).status();
}

/** The audit row of `action` that mentions `text`, newest first. */
const auditRow = (page: Page, action: string, text: string) =>
  page
    .getByRole('table', { name: 'Audit log' })
    .getByRole('row')
    .filter({ hasText: action })
    .filter({ hasText: text })
    .first();

test('an admin adds a support user, who can look but not change, and the audit log shows each step', async ({
  page,
  browser,
}) => {
  const email = `support-${stamp}@e2e.example`;
  await signIn(page, stack.admin.email, stack.admin.password);

  // The admin invites them (as a viewer), then makes them support.
  await page.goto(usersPage);
  await page.getByRole('button', { name: 'Add user' }).click();
  const add = page.getByRole('dialog', { name: 'Add a console user' });
  await add.getByLabel('E-mail').fill(email);
  await expect(add.getByRole('radio', { name: /^Invite/ })).toBeChecked();
  expect(
    await answered(page, 'POST', /^\/api\/console-users$/, () =>
      add.getByRole('button', { name: 'Invite' }).click(),
    ),
  ).toBe(201);
  const link = await add.getByLabel('One-time link', { exact: true }).inputValue();
  expect(link).toMatch(/\/set-password#/);
  await add.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: `Actions for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Change roles' }).click();
  const roles = page.getByRole('dialog', { name: `Roles of ${email}` });
  await roles.getByRole('combobox', { name: 'Console-wide role' }).click();
  await page.getByRole('option', { name: 'Support' }).click();
  expect(
    await answered(page, 'PUT', /^\/api\/console-users\/[^/]+$/, () =>
      roles.getByRole('button', { name: 'Save' }).click(),
    ),
  ).toBe(200);
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Support');

  // What changes data in the browser, as the admin sees it.
  await page.goto('/apps/default/data/Product');
  await expect(page.getByRole('grid', { name: 'Product' })).toBeVisible();
  for (const name of EDIT_CONTROLS) await expect(page.getByRole('button', { name })).toBeVisible();

  // The support user chooses a password through the link and is in.
  const context = await browser.newContext();
  const support = await context.newPage();
  await support.goto(link);
  const password = `support password ${stamp}`;
  await support.getByLabel('Password', { exact: true }).fill(password);
  await support.getByLabel('Confirm password').fill(password);
  await support.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(support.getByRole('navigation', { name: 'Console sections' })).toBeVisible();
  // and signs in with it later, from a fresh start.
  await context.clearCookies();
  await signIn(support, email, password);

  // Support may not read data: the data browser is one refusal, with nothing that changes data.
  await support.goto('/apps/default/data/Product');
  await expect(support.getByRole('alert')).toContainText('data.read');
  await expect(support.getByRole('navigation', { name: 'Classes' })).toHaveCount(0);
  for (const name of EDIT_CONTROLS) await expect(support.getByRole('button', { name })).toHaveCount(0);
  await expect(support.getByRole('grid')).toHaveCount(0);

  // A write sent anyway, with the CSRF header the page sends, is refused by the bff.
  const write = await support.evaluate(async () => {
    const res = await fetch('/api/apps/default/1.1/classes/Product', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-switchboard-csrf': '1' },
      body: JSON.stringify({ name: 'Not allowed' }),
    });
    return { status: res.status, body: (await res.json()) as { code?: string; message?: string } };
  });
  expect(write.status).toBe(403);
  expect(write.body.code).toBe('forbidden');
  expect(write.body.message).toContain('data.write');
  await context.close();

  // The admin reads each step in the audit log.
  const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/audit' && r.ok());
  await page.goto('/apps/default/admin/audit');
  await loaded;
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log).toBeVisible();

  const steps: [string, string, string][] = [
    ['console_user.create', stack.admin.email, 'Done'],
    ['console_user.update', stack.admin.email, 'Done'],
    ['console.set_password', email, 'Done'],
    ['console.login', email, 'Done'],
    ['object.create', email, 'Refused (403)'],
  ];
  for (const [action, actor, result] of steps) {
    await expect(auditRow(page, action, actor)).toContainText(result);
  }

  // The role change, with what it was before and after.
  await auditRow(page, 'console_user.update', stack.admin.email).click();
  const detail = page.getByRole('region', { name: 'Audit entry' });
  const diff = detail.getByRole('table', { name: 'Before and after' });
  await expect(diff.getByRole('row').filter({ hasText: /^role/ }).getByRole('cell')).toHaveText([
    'role',
    'changed',
    'viewer',
    'support',
  ]);
  await page.keyboard.press('Escape');

  // The refused write, naming what was missing.
  await auditRow(page, 'object.create', email).click();
  await expect(detail).toContainText('Product');
  await expect(detail).toContainText('data.write');
});

test('a console user sets up two-step sign-in in settings and is asked for a code at the next sign-in', async ({
  page,
}) => {
  const email = `two-step-${stamp}@e2e.example`;
  const password = `two-step password ${stamp}`;
  await addConsoleUsers(page, stack.admin, [{ email, password, role: 'developer' }]);
  await signIn(page, email, password);

  // Settings: a key (and its QR code) for the app, confirmed with the code it computes.
  await page.goto('/apps/default/settings');
  const security = page.getByRole('region', { name: 'Security' });
  await expect(security).toContainText('Two-step sign-in is off');
  await security.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(security.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = ((await security.getByLabel('Key').textContent()) ?? '').replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await security.getByLabel('Code from the app').fill(totp(key));
  expect(
    await answered(page, 'POST', /^\/api\/session\/totp\/confirm$/, () =>
      security.getByRole('button', { name: 'Confirm and turn on' }).click(),
    ),
  ).toBe(200);
  await expect(security).toContainText('Two-step sign-in is on');

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Switchboard' })).toBeVisible();

  // The password alone is not enough any more; the next code is (the confirming one is spent).
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  expect(
    await answered(page, 'POST', /^\/api\/session$/, () =>
      page.getByRole('button', { name: 'Sign in' }).click(),
    ),
  ).toBe(401);
  await page.getByLabel('Authentication code').fill(totp(key, Date.now() + 30_000));
  expect(
    await answered(page, 'POST', /^\/api\/session$/, () =>
      page.getByRole('button', { name: 'Sign in' }).click(),
    ),
  ).toBe(200);
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible();
  await page.goto('/apps/default/settings');
  await expect(page.getByRole('region', { name: 'Security' })).toContainText('Two-step sign-in is on');
});
