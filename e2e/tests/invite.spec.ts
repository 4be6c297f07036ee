import { expect, test } from '@playwright/test';
import { stack } from '../stack';
import { signIn } from '../support/console';

/**
 * An admin invites a developer through the console API; the invitee follows the one-time link,
 * chooses a password, lands in the console, and can sign in again with it later.
 */
test('an invited console user chooses a password through the link and signs in', async ({
  page,
  browser,
}) => {
  await signIn(page, stack.admin.email, stack.admin.password);
  const email = `invitee-${Date.now()}@e2e.example`;
  const invite = await page.evaluate(async (address) => {
    const res = await fetch('/api/console-users', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-switchboard-csrf': '1' },
      body: JSON.stringify({ email: address, role: 'developer' }),
    });
    return { status: res.status, body: (await res.json()) as { link?: { url: string } } };
  }, email);
  expect(invite.status).toBe(201);
  const url = invite.body.link?.url ?? '';
  expect(url).toMatch(/^\/set-password#/);

  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(url);
  await expect(invitee.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  // The page says whose account the link is for before anything is typed.
  await expect(
    invitee.getByText(`You were invited to this console as ${email}. Choose a password to sign in.`),
  ).toBeVisible();
  const password = 'invitee password 42';
  await invitee.getByLabel('Password', { exact: true }).fill(password);
  await invitee.getByLabel('Confirm password').fill(password);
  await invitee.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(invitee.getByRole('navigation', { name: 'Console sections' })).toBeVisible();

  // The link is spent, which the page says at once, before a new password is typed; the
  // password works from a fresh browser.
  await context.clearCookies();
  const checked = invitee.waitForResponse((r) => r.url().endsWith('/api/password-link/check'));
  await invitee.goto(url);
  expect(await (await checked).json()).toEqual({ valid: false });
  await expect(invitee.getByRole('alert')).toContainText('This link cannot be used any more');
  await expect(invitee.getByLabel('Password', { exact: true })).toHaveCount(0);
  await invitee.getByRole('link', { name: 'Go to sign-in' }).click();
  await signIn(invitee, email, password);
  await context.close();
});
