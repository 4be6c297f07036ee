import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { stack } from '../stack';
import { expectNoSeriousViolations } from '../support/a11y';
import { api, apiLogin, uniqueClass } from '../support/api';
import { addConsoleUsers, signIn } from '../support/console';
import { exportZip, leancloudHash, objectId } from '../support/leancloud-export';

/**
 * The migration wizard against our server: a developer uploads a LeanCloud export (two classes, a
 * pointer, a Date, an ACL, a user with LeanCloud's password hash), watches it finish, finds an
 * imported object in the data browser, and the user logs in with the old password; the same
 * upload again skips everything. Support has no way in.
 */

const password = `console-${Date.now()}`;
const developer = { email: `migrate-dev-${Date.now()}@e2e.example`, role: 'developer' };
const support = { email: `migrate-support-${Date.now()}@e2e.example`, role: 'support' };

const itemClass = uniqueClass('MigItem');
const tagClass = uniqueClass('MigTag');
const user = {
  objectId: objectId(),
  username: `mig-${randomBytes(4).toString('hex')}`,
  password: 'pässword 1!',
};
const salt = randomBytes(16).toString('hex');
const itemIds = [objectId(), objectId()];
const tagId = objectId();
const due = '2024-05-01T08:30:00.000Z';

const zip = exportZip({
  jsonl: {
    _User: [
      {
        objectId: user.objectId,
        username: user.username,
        salt,
        password: leancloudHash(salt, user.password),
        createdAt: '2020-01-01T00:00:00.000Z',
        updatedAt: '2020-01-01T00:00:01.000Z',
      },
    ],
    [itemClass]: itemIds.map((id, n) => ({
      objectId: id,
      title: `imported ${n}`,
      due: { __type: 'Date', iso: due },
      owner: { __type: 'Pointer', className: '_User', objectId: user.objectId },
      ACL: { '*': { read: true }, [user.objectId]: { write: true } },
      createdAt: `2020-01-0${n + 2}T00:00:00.000Z`,
      updatedAt: `2020-01-0${n + 2}T00:00:01.000Z`,
    })),
  },
  json: {
    [tagClass]: [
      {
        objectId: tagId,
        name: 'sale',
        item: { __type: 'Pointer', className: itemClass, objectId: itemIds[0] },
        createdAt: '2020-02-01T00:00:00.000Z',
        updatedAt: '2020-02-01T00:00:00.000Z',
      },
    ],
  },
});

/** Uploads the export from the wizard's first page and waits for its run to finish. */
async function uploadAndFinish(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Move data in' })
    .click();
  await expect(page.getByRole('heading', { name: 'Move data in', level: 1 })).toBeVisible();
  await page.getByLabel('Choose an export file').setInputFiles({
    name: 'leancloud-export.zip',
    mimeType: 'application/zip',
    buffer: zip,
  });
  await expect(page.getByText(/^leancloud-export\.zip \(/)).toBeVisible();
  const uploaded = page.waitForResponse((r) => r.url().includes('/migrations/upload?'));
  await page.getByRole('button', { name: 'Start' }).click();
  expect((await uploaded).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Moving data in' })).toBeVisible();
  // The page polls the run every second; the report appears once it ends.
  await expect(page.getByRole('heading', { name: 'Report' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Finished', { exact: true })).toBeVisible();
}

/** read, written, skipped, failed of one class in the run's table. */
async function countsOf(page: Page, className: string): Promise<string[]> {
  const row: Locator = page
    .getByRole('table', { name: 'Classes' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: className, exact: true }) });
  return (await row.getByRole('cell').allTextContents()).slice(0, 4);
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await addConsoleUsers(page, stack.admin, [
    { ...developer, password },
    { ...support, password },
  ]);
  await page.close();
});

test('a developer moves a LeanCloud export in, and moving it again changes nothing', async ({ page }) => {
  // Two imports, each followed to its end, on a machine that may be busy.
  test.setTimeout(180_000);
  await signIn(page, developer.email, password);
  await uploadAndFinish(page);
  expect(await countsOf(page, '_User')).toEqual(['1', '1', '0', '0']);
  expect(await countsOf(page, itemClass)).toEqual(['2', '2', '0', '0']);
  expect(await countsOf(page, tagClass)).toEqual(['1', '1', '0', '0']);
  await expect(page.getByText('Nothing failed.')).toBeVisible();
  await expectNoSeriousViolations(page, 'migration run page');

  // What was written reads back as LeanCloud stored it: a Date, a pointer, the ACL.
  const item = await api.get(itemClass, itemIds[0]!);
  expect(item.due).toEqual({ __type: 'Date', iso: due });
  expect(item.owner).toEqual({ __type: 'Pointer', className: '_User', objectId: user.objectId });
  expect(await api.acl(itemClass, itemIds[0]!)).toEqual({
    '*': { read: true },
    [user.objectId]: { write: true },
  });
  expect(await apiLogin(user.username, user.password)).toBe(200);
  expect(await apiLogin(user.username, 'wrong password')).not.toBe(200);

  // The data browser shows the imported object by its objectId.
  const loaded = page.waitForResponse((r) => r.url().includes(`/1.1/classes/${itemClass}?`) && r.ok());
  await page.goto(`/apps/default/data/${itemClass}`);
  await loaded;
  const grid = page.getByRole('grid', { name: itemClass });
  await expect(grid.getByRole('gridcell', { name: itemIds[0], exact: true })).toBeVisible();

  // The same export again: every object is already there with the same updatedAt.
  await uploadAndFinish(page);
  expect(await countsOf(page, '_User')).toEqual(['1', '0', '1', '0']);
  expect(await countsOf(page, itemClass)).toEqual(['2', '0', '2', '0']);
  expect(await countsOf(page, tagClass)).toEqual(['1', '0', '1', '0']);

  // Both runs are in the history, newest first, each opening its page.
  const listed = page.waitForResponse((r) => r.url().endsWith('/api/apps/default/migrations') && r.ok());
  await page.getByRole('link', { name: 'All runs' }).click();
  await listed;
  const history = page.getByRole('table', { name: 'Past runs' });
  await expect(history.getByRole('link', { name: 'leancloud-export.zip' })).toHaveCount(2);
  await expect(history.getByRole('row').nth(1)).toContainText(developer.email);
  await expectNoSeriousViolations(page, 'migration start page');
});

test('the live copy form names what is missing at its fields before asking the console', async ({ page }) => {
  await signIn(page, developer.email, password);
  await page.goto('/apps/default/migrate');
  await page.getByRole('radio', { name: 'Copy live from an app' }).check();
  let started = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/apps/default/migrations')) started = true;
  });
  await page.getByLabel('API address').fill('ftp://old.example.com');
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('Give the source API address, e.g.')).toBeVisible();
  await expect(page.getByLabel('API address')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Give the source app’s App ID.')).toBeVisible();
  await expect(page.getByText('Give the source app’s Master Key.')).toBeVisible();
  const key = page.getByLabel('Master Key', { exact: false }).and(page.locator('input'));
  await key.fill('not-shown');
  await expect(key).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show the Master Key' }).click();
  await expect(key).toHaveAttribute('type', 'text');
  expect(started).toBe(false);
  await expectNoSeriousViolations(page, 'migration live form with errors');
});

test('support has no way to move data in', async ({ page }) => {
  await signIn(page, support.email, password);
  const nav = page.getByRole('navigation', { name: 'Console sections' });
  await expect(nav.getByRole('link', { name: 'Users', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Move data in' })).toHaveCount(0);
  await page.goto('/apps/default/migrate');
  await expect(page.getByText('Your role in this app cannot move data in.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start' })).toHaveCount(0);
  // The page only says what the bff enforces.
  const status = await page.evaluate(async () => (await fetch('/api/apps/default/migrations')).status);
  expect(status).toBe(403);
});
