import { expect, test } from '@playwright/test';
import { stack } from '../stack';
import { openClass, signIn } from '../support/console';

/**
 * DESIGN.md: nothing that reaches a browser carries the master key. Every response of a whole
 * session (sign-in, every area, class grids, a missing class, an unknown page, a failed API call)
 * passes through a route that records it before the browser gets it; every page, asset and API
 * response, headers included, is then searched for the app's keys.
 */
test('no page, asset or API response of a session carries the master key or the app key', async ({
  page,
}) => {
  const recorded: { url: string; text: string }[] = [];
  await page.route('**/*', async (route) => {
    const response = await route.fetch();
    const body = await response.body();
    recorded.push({
      url: route.request().url(),
      text: `${JSON.stringify(response.headers())}\n${body.toString('utf8')}`,
    });
    await route.fulfill({ response, body });
  });

  await signIn(page, stack.admin.email, stack.admin.password);
  await openClass(page, 'Product');
  await openClass(page, 'Store');
  const sections = page.getByRole('navigation', { name: 'Console sections' });
  // Users and Roles are built: their lists of the app's users and roles go through the same search.
  await sections.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await sections.getByRole('link', { name: 'Roles', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Roles' })).toBeVisible();
  await sections.getByRole('link', { name: 'Push', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Push records' })).toContainText('Welcome to the shop!');
  // Our server offers instant messaging: the area lists its conversations.
  await sections.getByRole('link', { name: 'Messaging', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Conversations' })).toContainText('Shop staff');
  await sections.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.goto('/apps/default/data/NoSuchClass');
  await expect(page.getByText('This app has no class called “NoSuchClass”.')).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page.getByText('There is no page at this address.')).toBeVisible();
  const failed = await page.evaluate(
    async () => (await fetch('/api/apps/default/1.1/classes/Nope/abc')).status,
  );
  expect(failed).toBe(404);

  const urls = recorded.map((r) => r.url);
  expect(urls.some((u) => /\/assets\/.*\.js$/.test(u))).toBe(true);
  expect(urls.some((u) => u.includes('/api/apps/default/1.1/classes/Product'))).toBe(true);
  expect(urls.some((u) => u.includes('/api/apps/default/1.1/schemas'))).toBe(true);
  expect(urls.some((u) => u.endsWith('/api/session'))).toBe(true);
  for (const { url, text } of recorded) {
    expect(text, url).not.toContain(stack.masterKey);
    expect(text, url).not.toContain(stack.appKey);
  }
});
