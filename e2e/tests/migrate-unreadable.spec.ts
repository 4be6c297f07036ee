import { expect, test } from '@playwright/test';
import { serverUrl, stack } from '../stack';
import { uniqueClass } from '../support/api';
import { addConsoleUsers, signIn } from '../support/console';

/*
 * "Move data in", as it was seen: an upload that cannot be read created an empty class, was
 * reported as one object not moved and audited as a success; the live copy form said the source
 * master key is not stored with the run, while it is stored sealed. Now the upload fails with the
 * parse error and creates nothing, the audit log says it failed, and the form says what is true.
 */

const password = `console-${Date.now()}`;
const developer = { email: `unreadable-dev-${Date.now()}@e2e.example`, role: 'developer' };
const className = uniqueClass('Broken');

/** Whether the app has the class, asked of the API server with the master key. */
async function classExists(name: string): Promise<boolean> {
  const res = await fetch(`${serverUrl}/1.1/schemas/${name}`, {
    headers: { 'X-LC-Id': stack.appId, 'X-LC-Key': `${stack.masterKey},master` },
  });
  return res.status === 200;
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await addConsoleUsers(page, stack.admin, [{ ...developer, password }]);
  await page.close();
});

test('an export that cannot be read fails with where it breaks, creates nothing, and is audited as failed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, developer.email, password);
  await page.goto('/apps/default/migrate');
  await expect(page.getByRole('heading', { name: 'Move data in', level: 1 })).toBeVisible();
  // Cut off in the middle: the third line never ends.
  const text = `{"results": [\n  {"objectId": "a1", "name": "one"},\n  {"objectId": "a2", "name": "tw`;
  await page.getByLabel('Choose an export file').setInputFiles({
    name: `${className}.json`,
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
  const uploaded = page.waitForResponse((r) => r.url().includes('/migrations/upload?'));
  await page.getByRole('button', { name: 'Start' }).click();
  expect((await uploaded).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Report' })).toBeVisible({ timeout: 60_000 });

  await expect(page.getByText('Failed', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('alert').filter({
      hasText: `${className}.json, line 3, column 30: not JSON (Unterminated string). Nothing was imported; correct the file and start again.`,
    }),
  ).toBeVisible();
  await expect(page.getByText('Nothing failed.')).toHaveCount(0);
  await expect(
    page.getByRole('table', { name: 'Classes' }).getByRole('rowheader', { name: className }),
  ).toHaveCount(0);
  expect(await classExists(className)).toBe(false);

  // The audit log has the run's end as a failure.
  await page.context().clearCookies();
  await signIn(page, stack.admin.email, stack.admin.password);
  const entries = await page.evaluate(async () => {
    const r = await fetch('/api/audit?action=migration.finish&limit=20');
    return (
      (await r.json()) as { results: { result: string; summary: { source: string; status: string } }[] }
    ).results;
  });
  expect(entries.find((e) => e.summary.source === `${className}.json`)).toMatchObject({
    result: 'error',
    summary: { status: 'failed' },
  });
});

test('the live copy form says what happens to the source master key', async ({ page }) => {
  await signIn(page, developer.email, password);
  await page.goto('/apps/default/migrate');
  await page.getByRole('radio', { name: 'Copy live from an app' }).check();
  const key = page.getByLabel('Master Key', { exact: false }).and(page.locator('input'));
  await expect(key).toHaveAccessibleDescription(
    'Used only to read the source. Stored with the run, encrypted with the console’s secret key, so the run can be resumed; never shown again, and deleted once the run succeeds.',
  );
  await expect(page.getByText('it is not stored with the run')).toHaveCount(0);
});
