import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { stack } from '../stack';
import { expectNoSeriousViolations } from '../support/a11y';
import { api, clientPut, uniqueClass } from '../support/api';
import { addConsoleUsers, openClass, signIn } from '../support/console';
import { cellOf, nextWrite, openCellEditor } from '../support/grid';

/**
 * An object stored without an ACL may be read and changed by anyone with the app key. The data
 * browser says so in the grid and the editor, and the New object form gives a new object the
 * app's default ACL, which a developer chooses there.
 */

async function signInAsDeveloper(page: Page): Promise<string> {
  const email = `acl-dev-${randomBytes(3).toString('hex')}@e2e.example`;
  const password = 'developer password 42';
  await addConsoleUsers(page, stack.admin, [{ email, password, role: 'developer' }]);
  await signIn(page, email, password);
  return email;
}

test('an object without an ACL shows as public, and new objects get the app’s chosen default', async ({
  page,
}) => {
  const className = uniqueClass('Memo');
  const { objectId: open } = await api.create(className, { title: 'open' });
  // What the server enforces: no ACL, so the app key alone may change it.
  expect(await clientPut(className, open, { title: 'changed by anyone' })).toBe(200);

  const email = await signInAsDeveloper(page);
  const grid = await openClass(page, className);
  // The server answers such an object's ACL as LeanCloud did: {"*": {"read": true, "write": true}}.
  await expect(await cellOf(grid, open, 'ACL')).toHaveText('public: anyone can read and write');
  const editor = await openCellEditor(grid, open, 'ACL');
  await expect(editor.getByText('Anyone can change or delete it.')).toBeVisible();
  await expect(editor.getByRole('checkbox', { name: 'Read for Public (everyone)' })).toBeChecked();
  await expect(editor.getByRole('checkbox', { name: 'Write for Public (everyone)' })).toBeChecked();
  await editor.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Add row' }).click();
  const form = page.getByRole('dialog', { name: `New ${className} object` });
  await expect(form.getByText(/has no default ACL for new objects yet/)).toBeVisible();
  // One ACL section, whatever the schema lists.
  await expect(form.getByRole('checkbox', { name: 'Read for Public (everyone)' })).toHaveCount(1);
  await expect(form.getByRole('checkbox', { name: 'Read for Public (everyone)' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Write for Public (everyone)' })).not.toBeChecked();
  await form.getByRole('group', { name: 'title' }).getByLabel('Text').fill('private memo');
  await form.getByRole('checkbox', { name: 'Make this ACL the app’s default for new objects' }).check();
  await expectNoSeriousViolations(page, 'New object form');
  const created = page.waitForResponse(
    (r) => r.url().includes(`/1.1/classes/${className}`) && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Save' }).click();
  const answer = await created;
  expect(answer.ok()).toBe(true);
  const { objectId: memo } = (await answer.json()) as { objectId: string };
  await expect(form).toBeHidden();

  expect(await api.acl(className, memo)).toEqual({ '*': { read: true } });
  expect(await clientPut(className, memo, { title: 'changed by anyone' })).not.toBe(200);
  expect((await api.get(className, memo)).title).toBe('private memo');
  await expect(await cellOf(grid, memo, 'ACL')).toHaveText('{"*":{"read":true}}');

  // The default now names who chose it, and the next form starts from it.
  await page.getByRole('button', { name: 'Add row' }).click();
  const next = page.getByRole('dialog', { name: `New ${className} object` });
  await expect(next.getByText(`chosen by ${email}`, { exact: false })).toBeVisible();
  await expect(next.getByRole('checkbox', { name: 'Write for Public (everyone)' })).not.toBeChecked();
  await next.getByRole('button', { name: 'Cancel' }).click();
});

test('the ACL editor picks roles and users from the app, and warns of a role name no role has', async ({
  page,
}) => {
  const className = uniqueClass('Note');
  const { objectId } = await api.create(className, { text: 'hello', ACL: { '*': { read: true } } });
  const [someone] = await api.find('_User', {}, 'createdAt');
  const username = String(someone!.username);
  const userId = someone!.objectId;

  await signInAsDeveloper(page);
  const grid = await openClass(page, className);
  let acl = await openCellEditor(grid, objectId, 'ACL');

  // "moderators" is not the app's role "Moderators": an entry for it would grant nothing.
  await acl.getByLabel('Add a role (name)').fill('moderators');
  await expect(
    acl.getByText(/There is no role named “moderators”.*Did you mean “Moderators”\?/),
  ).toBeVisible();
  await acl.getByRole('button', { name: 'Use Moderators' }).click();
  await acl.getByRole('checkbox', { name: 'Write for role:Moderators' }).check();

  // Users are found by username; the ACL keeps the objectId.
  const userSearch = acl.getByRole('combobox', { name: 'Add a user (search by username)' });
  await userSearch.fill(username);
  await page.getByRole('option', { name: `${username} (${userId})` }).click();
  await expect(acl.getByRole('checkbox', { name: `Read for ${username} (${userId})` })).toBeChecked();
  await expectNoSeriousViolations(page, 'ACL editor');

  const saved = nextWrite(page);
  await acl.getByRole('button', { name: 'Save' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(acl).toBeHidden();
  expect(await api.acl(className, objectId)).toEqual({
    '*': { read: true },
    'role:Moderators': { read: true, write: true },
    [userId]: { read: true },
  });

  acl = await openCellEditor(grid, objectId, 'ACL');
  await expect(acl.getByRole('checkbox', { name: `Read for ${username} (${userId})` })).toBeChecked();
  await expect(acl.getByText(/no such role|no such user/)).toHaveCount(0);
});
