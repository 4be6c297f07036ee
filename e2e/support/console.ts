import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/** Signs in through the login page, as a person would. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/api/session') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Sign in' }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible();
}

/** Opens a class from the class list and waits for its grid. */
export async function openClass(page: Page, className: string) {
  const loaded = page.waitForResponse(
    (r) => r.url().includes(`/1.1/classes/${className}?`) && r.status() === 200,
  );
  await page
    .getByRole('navigation', { name: 'Classes' })
    .getByRole('link', { name: className, exact: true })
    .click();
  await loaded;
  const grid = page.getByRole('grid', { name: className });
  await expect(grid).toBeVisible();
  return grid;
}
