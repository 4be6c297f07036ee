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

export interface NewConsoleUser {
  email: string;
  role: string;
  password: string;
}

/**
 * Adds console users through the admin API, signed in as `admin` in `page`, and signs out
 * again, so the page is ready for one of them to sign in.
 */
export async function addConsoleUsers(
  page: Page,
  admin: { email: string; password: string },
  users: NewConsoleUser[],
): Promise<void> {
  await signIn(page, admin.email, admin.password);
  for (const user of users) {
    const status = await page.evaluate(
      async (body) =>
        (
          await fetch('/api/console-users', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-switchboard-csrf': '1' },
            body: JSON.stringify(body),
          })
        ).status,
      user,
    );
    expect(status, `creating console user ${user.email}`).toBe(201);
  }
  await page.context().clearCookies();
}
