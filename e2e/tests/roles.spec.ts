import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { serverUrl, stack } from '../stack';
import { expectNoSeriousViolations } from '../support/a11y';
import { api, uniqueClass } from '../support/api';
import { addConsoleUsers, signIn } from '../support/console';

/**
 * A developer builds a role hierarchy (Child inherits from Parent), puts a new user in the child
 * role and watches the user's effective access change until an object readable only by
 * role:<Parent> becomes readable, which the API confirms with the user's own session.
 */

const clientHeaders = {
  'X-LC-Id': stack.appId,
  'X-LC-Key': stack.appKey,
  'Content-Type': 'application/json',
};

/**
 * Signs a user of the app up as the app would (app key, no master key) and returns its session
 * token. Each run has its own user, so it starts with no roles however often the spec runs
 * against one server.
 */
async function signUpUser(username: string): Promise<string> {
  const res = await fetch(`${serverUrl}/1.1/users`, {
    method: 'POST',
    headers: clientHeaders,
    body: JSON.stringify({ username, password: 'member password 42' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { sessionToken: string }).sessionToken;
}

/**
 * Whether the user's own GET of the object finds it. One it may not read answers like a missing
 * one: 200 with an empty body, as LeanCloud does.
 */
async function readableBy(session: string, className: string, objectId: string): Promise<boolean> {
  const res = await fetch(`${serverUrl}/1.1/classes/${className}/${objectId}`, {
    headers: { ...clientHeaders, 'X-LC-Session': session },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { objectId?: string }).objectId === objectId;
}

async function signInAsDeveloper(page: Page): Promise<void> {
  const email = `roles-dev-${randomBytes(3).toString('hex')}@e2e.example`;
  const password = 'developer password 42';
  await addConsoleUsers(page, stack.admin, [{ email, password, role: 'developer' }]);
  await signIn(page, email, password);
}

const roleWrite = (page: Page, method: 'POST' | 'PUT') =>
  page.waitForResponse(
    (r) => /\/1\.1\/roles(\/|$)/.test(new URL(r.url()).pathname) && r.request().method() === method,
  );

async function createRole(page: Page, name: string) {
  await page.getByRole('button', { name: 'New role' }).click();
  const dialog = page.getByRole('dialog', { name: 'New role' });
  await dialog.getByLabel('Role name').fill(name);
  const created = roleWrite(page, 'POST');
  await dialog.getByRole('button', { name: 'Create role' }).click();
  expect((await created).ok()).toBe(true);
  await expect(page.getByRole('heading', { name: `Role ${name}` })).toBeVisible();
}

async function openRolesArea(page: Page) {
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Roles' })
    .click();
  await expect(page.getByRole('table', { name: 'Roles' })).toBeVisible();
}

async function pickUser(page: Page, label: string, username: string) {
  const input = page.getByRole('combobox', { name: label });
  await input.fill(username);
  // The picker shows the previous answer until the search returns (or its cached answer shows);
  // picking before that would take a row that is about to be replaced.
  await expect(page.getByRole('option')).toHaveCount(1);
  await expect(page.getByRole('option', { name: new RegExp(`^${username} \\(`) })).toBeVisible();
  // Picked with the keyboard, as a person may: the list can be laid out anew while the page's role
  // graph refreshes in the background, which a pointer click on the moving row would miss.
  await input.press('ArrowDown');
  await input.press('Enter');
}

/**
 * Picks a user in the "Effective access" panel until the panel shows that user's roles. In CI a
 * first pick has been seen, rarely, to leave the panel without the user, and no local run under
 * load has reproduced it. Each such miss is printed with what the picker and the panel showed,
 * so the run's log says which step went wrong; the assertions that follow check the panel.
 */
async function pickAccessUser(page: Page, username: string) {
  const panel = page.getByRole('region', { name: 'Effective access' });
  const heading = panel.getByRole('heading', { name: `Roles of ${username}` });
  let attempt = 0;
  await expect(async () => {
    attempt += 1;
    await pickUser(page, 'User (search by username)', username);
    try {
      await expect(heading).toBeVisible({ timeout: 5_000 });
    } catch (miss) {
      console.log(`pick ${attempt} of ${username} missed: ${await pickerState(page, panel)}`);
      throw miss;
    }
  }).toPass({ timeout: 45_000 });
}

/** What the access picker and its panel show, for the log of a missed pick. */
async function pickerState(page: Page, panel: Locator): Promise<string> {
  const input = page.getByRole('combobox', { name: 'User (search by username)' });
  return JSON.stringify({
    input: await input.inputValue(),
    focused: await input.evaluate((el) => el === document.activeElement),
    activeDescendant: await input.getAttribute('aria-activedescendant'),
    options: await page.getByRole('option').allTextContents(),
    panel: (await panel.innerText()).slice(0, 400),
  });
}

async function checkAccess(page: Page, className: string, objectId: string) {
  const access = page.getByRole('region', { name: 'Effective access' });
  await access.getByLabel('Class').fill(className);
  await access.getByLabel('Object ID').fill(objectId);
  const answered = page.waitForResponse((r) => r.url().includes(`/1.1/classes/${className}?`));
  await access.getByRole('button', { name: 'Check access' }).click();
  expect((await answered).status()).toBe(200);
  return access.getByRole('list', { name: `Access to ${className} ${objectId}` });
}

test('a developer builds a role hierarchy and a user gains read access through it', async ({ page }) => {
  const suffix = randomBytes(3).toString('hex');
  const parent = `Staff_${suffix}`;
  const child = `Editors_${suffix}`;
  const className = uniqueClass('Plan');
  const { objectId } = await api.create(className, {
    title: 'roadmap',
    ACL: { [`role:${parent}`]: { read: true } },
  });
  const member = `member_${suffix}`;
  const session = await signUpUser(member);

  await signInAsDeveloper(page);
  await openRolesArea(page);

  // A name the spec does not allow is refused in the dialog, before anything is sent.
  await page.getByRole('button', { name: 'New role' }).click();
  const dialog = page.getByRole('dialog', { name: 'New role' });
  await dialog.getByLabel('Role name').fill('store staff');
  await expect(
    dialog.getByText('A role name may contain only letters (A–Z, a–z), digits and underscore.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await createRole(page, parent);
  await page.getByRole('link', { name: 'All roles' }).click();
  await createRole(page, child);
  await page.getByRole('link', { name: 'All roles' }).click();

  // Child becomes a child role of Parent: its users get Parent's permissions.
  await page.getByRole('table', { name: 'Roles' }).getByRole('link', { name: parent }).click();
  await page.getByLabel('Add a child role').click();
  let written = roleWrite(page, 'PUT');
  await page.getByRole('option', { name: child }).click();
  expect((await written).status()).toBe(200);
  const children = page.getByRole('list', { name: `Child roles of ${parent}` });
  await children.getByRole('link', { name: child }).click();

  // The other way round would make a loop, which the console refuses with the loop named.
  await expect(page.getByRole('heading', { name: `Role ${child}` })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Parent roles' }).getByRole('link', { name: parent }),
  ).toBeVisible();
  await page.getByLabel('Add a child role').click();
  await page.getByRole('option', { name: parent }).click();
  await expect(page.getByRole('alert')).toContainText(
    `${parent} cannot become a child role of ${child}: it would make a loop (${child} → ${parent} → ${child})`,
  );

  await expectNoSeriousViolations(page, 'role page with a refused loop');

  // Before: the member has no roles and may not read the object.
  await page.getByRole('link', { name: 'All roles' }).click();
  await pickAccessUser(page, member);
  await expect(page.getByText(`${member} has no roles.`)).toBeVisible();
  let result = await checkAccess(page, className, objectId);
  await expect(result.getByText('Read: denied')).toBeVisible();
  expect(await readableBy(session, className, objectId)).toBe(false);

  // The member joins the child role.
  await page.getByRole('table', { name: 'Roles' }).getByRole('link', { name: child }).click();
  written = roleWrite(page, 'PUT');
  await pickUser(page, 'Add a user to this role (search by username)', member);
  expect((await written).status()).toBe(200);
  await expect(
    page.getByRole('list', { name: `Users of ${child}` }).getByText(member, { exact: true }),
  ).toBeVisible();

  // After: both roles, the parent through the child, and the object readable because of it.
  await page.getByRole('link', { name: 'All roles' }).click();
  await pickAccessUser(page, member);
  const roles = page.getByRole('list', { name: `Roles of ${member}` });
  await expect(roles.getByText('Direct member')).toBeVisible();
  await expect(roles.getByText(`Inherited through ${child} → ${parent}`)).toBeVisible();
  result = await checkAccess(page, className, objectId);
  await expect(result.getByText('Read: allowed')).toBeVisible();
  await expect(
    result.getByText(
      `Its ACL grants this to role:${parent}, which the user has through ${child} → ${parent}.`,
    ),
  ).toBeVisible();
  await expect(result.getByText('Write: denied')).toBeVisible();
  expect(await readableBy(session, className, objectId)).toBe(true);
  await expectNoSeriousViolations(page, 'roles list, graph and effective access');
});
