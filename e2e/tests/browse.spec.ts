import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { stack } from '../stack';
import { openClass, signIn } from '../support/console';

/** The grid's status line as announced: while scrolling, the rows in view once the scroll stops. */
const rowsStatus = (page: Page) => page.getByRole('status').filter({ hasText: /^Rows / });

test.describe('browsing the demo data', () => {
  test('a wrong password is refused with the server’s message', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('E-mail').fill(stack.admin.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Could not sign in');
    await expect(alert).toContainText('The e-mail address or the password is wrong.');
  });

  test('an admin signs in, lists the classes with counts and reads a class', async ({ page }) => {
    await signIn(page, stack.admin.email, stack.admin.password);
    const classes = page.getByRole('navigation', { name: 'Classes' });
    await expect(classes.getByRole('link', { name: 'Product', exact: true })).toHaveAccessibleDescription(
      '12 objects',
    );
    await expect(classes.getByRole('link', { name: 'Review', exact: true })).toHaveAccessibleDescription(
      '40 objects',
    );

    await classes.getByLabel('Search classes').fill('rev');
    await expect(classes.getByRole('link', { name: 'Product', exact: true })).toHaveCount(0);
    await classes.getByLabel('Search classes').fill('');

    const grid = await openClass(page, 'Product');
    await expect(grid).toHaveAttribute('aria-rowcount', '13');
    await expect(grid.getByRole('columnheader', { name: /^price/ })).toContainText('Number');
    await expect(grid.getByRole('gridcell', { name: 'Espresso machine' })).toBeVisible();
    await expect(rowsStatus(page)).toHaveText('Rows 1–12 of 12');
  });

  test('pages through a class and follows a pointer to its class', async ({ page }) => {
    await signIn(page, stack.admin.email, stack.admin.password);
    const grid = await openClass(page, 'Review');
    await expect(grid).toHaveAttribute('aria-rowcount', '41');
    const pageSize = page.getByRole('combobox', { name: 'Rows per page' });
    await pageSize.click();
    await page.getByRole('option', { name: '50', exact: true }).click();
    await expect(rowsStatus(page)).toHaveText('Rows 1–40 of 40');
    await expect(page).toHaveURL(/pageSize=50/);

    const pointer = grid.getByRole('link', { name: /^Open Product [0-9a-f]{24}$/ }).first();
    await pointer.click();
    await expect(page.getByRole('grid', { name: 'Product' })).toBeVisible();
    await expect(page).toHaveURL(/\/data\/Product/);
  });

  test('the push area opens on its records, and the messaging area on its conversations', async ({
    page,
  }) => {
    await signIn(page, stack.admin.email, stack.admin.password);
    const nav = page.getByRole('navigation', { name: 'Console sections' });
    await nav.getByRole('link', { name: 'Push', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Push records' })).toBeVisible();
    // Our server offers instant messaging: the area lists its conversations.
    await nav.getByRole('link', { name: 'Messaging', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Conversations' })).toContainText('Shop staff');
  });

  test('switches to the dark theme and to Simplified Chinese, and remembers both', async ({ page }) => {
    await signIn(page, stack.admin.email, stack.admin.password);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: '简体中文' }).click();
    await expect(page.getByRole('navigation', { name: '控制台分区' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('navigation', { name: '控制台分区' })).toBeVisible();
    await expect(page.getByRole('button', { name: '切换到浅色主题' })).toBeVisible();

    // The choices are the admin's, kept on the server: put them back for the specs that follow.
    let saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/preferences') && r.request().method() !== 'GET',
    );
    await page.getByRole('button', { name: '切换到浅色主题' }).click();
    await saved;
    saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/preferences') && r.request().method() !== 'GET',
    );
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await saved;
    await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible();
  });
});
