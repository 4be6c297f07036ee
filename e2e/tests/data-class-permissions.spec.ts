import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { serverUrl, stack } from '../stack';
import { expectNoSeriousViolations } from '../support/a11y';
import { api, uniqueClass } from '../support/api';
import { addConsoleUsers, openClass, signIn } from '../support/console';

/**
 * Class permissions and field options set in the schema drawer are what the API server enforces
 * on the app's own clients, and each change is in the audit log with its before and after.
 */

const appHeaders = (session?: string): Record<string, string> => ({
  'X-LC-Id': stack.appId,
  'X-LC-Key': stack.appKey,
  'Content-Type': 'application/json',
  ...(session ? { 'X-LC-Session': session } : {}),
});

/** Signs a user of the app up with the app key, as a client would; its objectId and session. */
async function signUp(username: string): Promise<{ objectId: string; sessionToken: string }> {
  const res = await fetch(`${serverUrl}/1.1/users`, {
    method: 'POST',
    headers: appHeaders(),
    body: JSON.stringify({ username, password: 'app user password 1' }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { objectId: string; sessionToken: string };
}

async function createRole(name: string, memberId: string): Promise<void> {
  const res = await fetch(`${serverUrl}/1.1/roles`, {
    method: 'POST',
    headers: { ...appHeaders(), 'X-LC-Key': `${stack.masterKey},master` },
    body: JSON.stringify({
      name,
      ACL: { '*': { read: true } },
      users: {
        __op: 'AddRelation',
        objects: [{ __type: 'Pointer', className: '_User', objectId: memberId }],
      },
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** A create by a signed-in user of the app; the HTTP status. */
async function createAs(session: string, className: string): Promise<number> {
  const res = await fetch(`${serverUrl}/1.1/classes/${className}`, {
    method: 'POST',
    headers: appHeaders(session),
    body: JSON.stringify({ title: 'from a client' }),
  });
  return res.status;
}

async function openAuditEntry(page: Page, objectHint: string, nth: number) {
  await page
    .getByRole('table', { name: 'Audit log' })
    .getByRole('row')
    .filter({ hasText: 'schema.update_class' })
    .filter({ hasText: objectHint })
    .nth(nth)
    .click();
  return page.getByRole('region', { name: 'Audit entry' }).getByRole('table', { name: 'Before and after' });
}

test('a developer restricts create to a role and hides a field; clients feel both, the audit log keeps both', async ({
  page,
}) => {
  const tag = randomBytes(3).toString('hex');
  const className = uniqueClass('Ticket');
  const role = `Staff${tag}`;
  const { objectId } = await api.create(className, { title: 'first', internalNote: 'only the staff room' });
  const insider = await signUp(`insider-${tag}`);
  const outsider = await signUp(`outsider-${tag}`);
  await createRole(role, insider.objectId);
  // Open to everyone until the developer says otherwise.
  expect(await createAs(outsider.sessionToken, className)).toBe(201);

  const email = `clp-dev-${tag}@e2e.example`;
  const password = 'developer password 42';
  await addConsoleUsers(page, stack.admin, [{ email, password, role: 'developer' }]);
  await signIn(page, email, password);
  const grid = await openClass(page, className);
  await page.getByRole('button', { name: 'Schema' }).click();
  const drawer = page.getByRole('dialog', { name: `Fields of ${className}` });
  const perms = drawer.getByRole('list', { name: 'Class permissions' });
  await expect(perms.getByText('Create: everyone')).toBeVisible();

  await drawer.getByRole('button', { name: 'Change who may Create' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create: who may do it' });
  await dialog.getByRole('radio', { name: 'Only these users and roles' }).check();
  await dialog.getByRole('combobox', { name: 'Add a role (name)' }).fill(role);
  // "Add" (not "Add anyway") once the app has said the role exists.
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByRole('button', { name: `Remove role ${role}` })).toBeVisible();
  await expectNoSeriousViolations(page, 'class permission dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(perms.getByText(`Create: role ${role}`)).toBeVisible();

  expect(await createAs(outsider.sessionToken, className)).toBe(403);
  expect(await createAs(insider.sessionToken, className)).toBe(201);

  await drawer.getByRole('button', { name: 'Options of field internalNote' }).click();
  const options = page.getByRole('dialog', { name: 'Options of internalNote' });
  await options.getByRole('checkbox', { name: 'Hidden' }).check();
  await options.getByRole('button', { name: 'Save' }).click();
  await expect(options).toBeHidden();
  await expect(
    drawer.getByRole('rowheader', { name: 'internalNote' }).locator('xpath=..').getByRole('cell').nth(2),
  ).toHaveText('Hidden');
  await expectNoSeriousViolations(page, 'schema drawer with permissions and options');
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(
    grid.getByRole('columnheader', { name: /internalNote/ }).getByRole('img', { name: 'Hidden' }),
  ).toBeVisible();

  const read = await fetch(`${serverUrl}/1.1/classes/${className}/${objectId}`, { headers: appHeaders() });
  expect(read.status).toBe(200);
  const object = (await read.json()) as Record<string, unknown>;
  expect(object.title).toBe('first');
  expect(object).not.toHaveProperty('internalNote');
  // The master key still reads it.
  expect((await api.get(className, objectId)).internalNote).toBe('only the staff room');

  // The audit log is the admin's to read.
  await page.context().clearCookies();
  await signIn(page, stack.admin.email, stack.admin.password);
  const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/audit' && r.ok());
  await page.goto('/apps/default/admin/audit');
  await loaded;
  // Newest first: the field option, then the permission.
  const fieldDiff = await openAuditEntry(page, className, 0);
  await expect(
    fieldDiff
      .getByRole('row')
      .filter({ hasText: `${className}.internalNote` })
      .getByRole('cell'),
  ).toHaveText([
    `${className}.internalNote`,
    'changed',
    '{"type":"String"}',
    '{"type":"String","hidden":true}',
  ]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Audit entry' })).toBeHidden();
  const permDiff = await openAuditEntry(page, className, 1);
  await expect(
    permDiff.getByRole('row').filter({ hasText: 'permissions.create' }).getByRole('cell'),
  ).toHaveText(['permissions.create', 'added', '', JSON.stringify({ roles: [role], users: [] })]);
});

test('a developer creates a class that only logged-in users may add to; an anonymous client is refused', async ({
  page,
}) => {
  const tag = randomBytes(3).toString('hex');
  const className = uniqueClass('Guestbook');
  const member = await signUp(`member-${tag}`);
  const email = `clp-new-${tag}@e2e.example`;
  const password = 'developer password 43';
  await addConsoleUsers(page, stack.admin, [{ email, password, role: 'developer' }]);
  await signIn(page, email, password);
  await page.goto('/apps/default/data');
  await page.getByRole('navigation', { name: 'Classes' }).getByRole('button', { name: 'New class' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a class' });
  await dialog.getByRole('textbox', { name: 'Class name' }).fill(className);
  const perms = dialog.getByRole('list', { name: 'Class permissions' });
  await expect(perms.getByText('Create: everyone')).toBeVisible();
  await dialog.getByRole('button', { name: 'Change who may Create' }).click();
  const create = page.getByRole('dialog', { name: 'Create: who may do it' });
  await create.getByRole('radio', { name: 'Logged-in users only' }).check();
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create).toBeHidden();
  await expect(perms.getByText('Create: logged-in users only')).toBeVisible();
  await expect(perms.getByText('Find: everyone')).toBeVisible();
  await expectNoSeriousViolations(page, 'new class dialog with permissions');
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(`/schemas/${className}`),
  );
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  expect((await created).status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/data/${className}$`));

  const anonymous = await fetch(`${serverUrl}/1.1/classes/${className}`, {
    method: 'POST',
    headers: appHeaders(),
    body: JSON.stringify({ message: 'hello from nobody' }),
  });
  expect(anonymous.status).toBe(403);
  expect(await anonymous.json()).toEqual({
    code: 403,
    error: `Forbidden to create by class '${className}' permissions.`,
  });
  expect(await createAs(member.sessionToken, className)).toBe(201);
  // Reading stays open to everyone.
  const list = await fetch(`${serverUrl}/1.1/classes/${className}`, { headers: appHeaders() });
  expect(list.status).toBe(200);
  expect(((await list.json()) as { results: unknown[] }).results).toHaveLength(1);
});
