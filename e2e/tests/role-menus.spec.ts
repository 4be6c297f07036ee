import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { stack } from '../stack';
import { addConsoleUsers, signIn } from '../support/console';

/**
 * Menus by role (issue 19, item 2). An operator and a support user each see only the areas
 * their role may use and the app offers (our server offers push, not yet instant messaging),
 * land on the first of them, and meet one plain refusal, with no grid or pager around it, when
 * they follow a link into an area their role may not open. None of their page loads asks the bff
 * for what their role would be refused, so the audit log holds no refusals of theirs.
 */

const stamp = Date.now();
const password = `menus password ${stamp}`;
const operator = { email: `operator-${stamp}@e2e.example`, role: 'operator', password };
const support = { email: `support-${stamp}@e2e.example`, role: 'support', password };

/** Every console API answer the page gets that refuses (403), as "METHOD path". */
function refusalsOf(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && r.status() === 403)
      refused.push(`${r.request().method()} ${url.pathname}`);
  });
  return refused;
}

/** The menu's entries, in order. */
const menu = (page: Page) => page.getByRole('navigation', { name: 'Console sections' }).getByRole('link');

/** A deep link into an area the role may not open: one refusal, nothing of the area's frame. */
async function expectRefusal(page: Page, path: string, text: string) {
  await page.goto(path);
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(new RegExp(text.replace(/[.()]/g, '\\$&')));
  await expect(alert).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Classes' })).toHaveCount(0);
  await expect(page.getByRole('grid')).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByText(/^Rows /)).toHaveCount(0);
}

test('each role sees only its areas, lands on the first, and a refused deep link is one plain refusal', async ({
  page,
}) => {
  await addConsoleUsers(page, stack.admin, [operator, support]);
  const refused = refusalsOf(page);

  // The operator: Push and Messaging (the server offers both) and Settings; no Data, Users or Roles.
  await signIn(page, operator.email, operator.password);
  await expect(page).toHaveURL(/\/apps\/default\/push$/);
  await expect(menu(page)).toHaveText(['Push', 'Messaging', 'Settings']);
  await expect(page.getByText('cannot open')).toHaveCount(0);
  // Settings agrees: push and messaging offered.
  await menu(page).filter({ hasText: 'Settings' }).click();
  const offers = page.getByLabel('What it offers');
  await expect(offers.getByText('Push: yes')).toBeVisible();
  await expect(offers.getByText('Messaging: yes')).toBeVisible();
  await expectRefusal(
    page,
    '/apps/default/data/Product',
    'Your role in this app (Operator) cannot open Data: it needs the data.read permission.',
  );
  await expect(page.getByRole('link', { name: 'Go to Push' })).toBeVisible();
  await expectRefusal(
    page,
    '/apps/default/users',
    'Your role in this app (Operator) cannot open Users: it needs the users.read permission.',
  );
  await page.context().clearCookies();

  // Support: Users, Messaging and Settings.
  await signIn(page, support.email, support.password);
  await expect(page).toHaveURL(/\/apps\/default\/users$/);
  await expect(menu(page)).toHaveText(['Users', 'Messaging', 'Settings']);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expectRefusal(
    page,
    '/apps/default/data/Product',
    'Your role in this app (Support) cannot open Data: it needs the data.read permission.',
  );
  await expectRefusal(
    page,
    '/apps/default/roles',
    'Your role in this app (Support) cannot open Roles: it needs the roles.read permission.',
  );
  await page.getByRole('link', { name: 'Go to Users' }).click();
  await expect(page).toHaveURL(/\/apps\/default\/users$/);
  await expectRefusal(
    page,
    '/apps/default/admin/audit',
    'Your role (Support) cannot open Audit log: it needs the audit.read permission.',
  );
  await page.context().clearCookies();

  // No page of theirs asked for what their role is refused.
  expect(refused).toEqual([]);

  // And the audit log has their sign-ins but no refusals.
  await signIn(page, stack.admin.email, stack.admin.password);
  const entries = await page.evaluate(async () => {
    const res = await fetch('/api/audit?limit=1000');
    const body = (await res.json()) as {
      results: { actorEmail: string | null; action: string; result: string }[];
    };
    return body.results;
  });
  for (const who of [operator.email, support.email]) {
    const theirs = entries.filter((e) => e.actorEmail === who);
    expect(
      theirs.some((e) => e.action === 'console.login' && e.result === 'ok'),
      who,
    ).toBe(true);
    expect(
      theirs.filter((e) => e.result === 'denied'),
      who,
    ).toEqual([]);
  }
});
