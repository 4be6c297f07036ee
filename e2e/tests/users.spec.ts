import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { stack } from '../stack';
import { expectNoSeriousViolations } from '../support/a11y';
import { apiLogin } from '../support/api';
import { addConsoleUsers, signIn } from '../support/console';

/**
 * The Users area against our server and its demo users: a developer finds a user by e-mail, sets
 * a new password the user then logs in with through the API, is told a username is taken, and
 * sends a password reset whose link the outbox shows; support sees the same page read-only.
 */

const password = `console-${Date.now()}`;
const developer = { email: `users-dev-${Date.now()}@e2e.example`, role: 'developer' };
const support = { email: `users-support-${Date.now()}@e2e.example`, role: 'support' };

/** Opens the Users area and finds a user by e-mail; returns the page at that user. */
async function findByEmail(page: Page, email: string, username: string) {
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Users', exact: true })
    .click();
  // The list itself, not its request: a role that lands on Users (support) has it loaded already,
  // before the click, and a wait for the request would then wait for one that never comes.
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await page.getByLabel('Find a user').fill(email);
  await page.getByRole('combobox', { name: 'Search in' }).click();
  await page.getByRole('option', { name: 'E-mail' }).click();
  const searched = page.waitForResponse(
    (r) => r.url().includes('/api/apps/default/1.1/users?') && r.url().includes('where=') && r.ok(),
  );
  await page.getByRole('button', { name: 'Search' }).click();
  await searched;
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const opened = page.waitForResponse((r) => /\/1\.1\/users\/\w+$/.test(r.url()) && r.ok());
  await table.getByRole('link', { name: username, exact: true }).click();
  await opened;
  await expect(page.getByRole('heading', { name: username, level: 1 })).toBeVisible();
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await addConsoleUsers(page, stack.admin, [
    { ...developer, password },
    { ...support, password },
  ]);
  await page.close();
});

test('a developer finds a user, sets a password, meets a taken username and sends a reset', async ({
  page,
}) => {
  await signIn(page, developer.email, password);
  await findByEmail(page, 'dana@example.com', 'dana');
  await expect(page.getByRole('region', { name: 'Account', exact: true })).toContainText('dana@example.com');

  // A new password, set with the master key, is the one the user logs in with.
  const newPassword = `dana-${Date.now()}`;
  await page.getByRole('button', { name: 'Set password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set a new password' });
  await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
  await dialog.getByLabel('New password again').fill(newPassword);
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes('/1.1/users/'),
  );
  await dialog.getByRole('button', { name: 'Set password' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('The new password of dana is set.')).toBeVisible();
  expect(await apiLogin('dana', newPassword)).toBe(200);
  expect(await apiLogin('dana', 'switchboard-demo')).not.toBe(200);

  // A password reset: our server keeps the mail in its outbox, and the page shows its link.
  const outbox = page.waitForResponse((r) => r.url().includes('/1.1/switchboard/outbox?') && r.ok());
  await page.getByRole('button', { name: 'Send password reset' }).click();
  await outbox;
  const mail = page.getByRole('region', { name: 'Mail' });
  await expect(mail).toContainText('A password reset mail was sent to dana@example.com.');
  await expect(mail.getByRole('link', { name: /\/auth\/reset-password\// })).toBeVisible();
  await expectNoSeriousViolations(page, 'user page');

  // Creating a user with a taken username names the problem at the field.
  await page.getByRole('link', { name: 'All users' }).click();
  await page.getByRole('button', { name: 'Create user' }).click();
  const create = page.getByRole('dialog', { name: 'Create a user' });
  await create.getByLabel('Username').fill('alice');
  await create.getByLabel('Password').fill('any password 1');
  const refused = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/1.1/users'),
  );
  await create.getByRole('button', { name: 'Create' }).click();
  expect((await refused).status()).toBe(400);
  await expect(create.getByText('Another user already has this username.')).toBeVisible();
  await expect(create.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousViolations(page, 'create user dialog');
});

test('support sees a user without any way to change it', async ({ page }) => {
  await signIn(page, support.email, password);
  await findByEmail(page, 'chen@example.com', 'chen');
  await expect(page.getByRole('region', { name: 'Account', exact: true })).toContainText('chen@example.com');
  for (const name of ['Set password', 'Sign out everywhere', 'Delete user', 'Send password reset'])
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Mail' })).toHaveCount(0);
  await page.getByRole('link', { name: 'All users' }).click();
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create user' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'users list');
});
