import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { serverUrl, stack } from '../stack';
import { expectNoSeriousViolations } from '../support/a11y';
import { addConsoleUsers, signIn } from '../support/console';

/**
 * The push area against our server, its demo installations and the recorder: an operator
 * composes, previews, test-sends, sends and schedules; a viewer only reads; the audit log shows it.
 */

const stamp = Date.now();
const password = `push-${stamp}`;
const operator = { email: `push-operator-${stamp}@e2e.example`, role: 'operator', password };
const viewer = { email: `push-viewer-${stamp}@e2e.example`, role: 'viewer', password };

/** The server, with the master key, as another client would read it. */
async function master<T>(path: string): Promise<T> {
  const res = await fetch(`${serverUrl}/1.1${path}`, {
    headers: { 'X-LC-Id': stack.appId, 'X-LC-Key': `${stack.masterKey},master` },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const recordsWithText = async (text: string) =>
  (
    await master<{ results: { objectId: string; data: { alert?: string } }[] }>(
      `/notifications?limit=1000&order=-createdAt`,
    )
  ).results.filter((r) => r.data.alert === text);

/** Opens the composer with a message to the `news` channel. */
async function compose(page: Page, text: string) {
  await page.goto('/apps/default/push/new');
  await page.getByRole('radio', { name: 'Channels' }).check();
  const channels = page.getByRole('combobox', { name: 'Channels' });
  await channels.fill('news');
  await channels.press('Enter');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Shop');
  await page.getByRole('textbox', { name: 'Text', exact: true }).fill(text);
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await addConsoleUsers(page, stack.admin, [operator, viewer]);
  await page.close();
});

test('an operator composes to a channel, test-sends, sends, and watches the record finish', async ({
  page,
}) => {
  await signIn(page, operator.email, operator.password);
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Push', exact: true })
    .click();
  await expect(page.getByRole('table', { name: 'Push records' })).toContainText('Welcome to the shop!');
  // The demo's push with only per-platform payloads still has content in the list.
  await expect(page.getByRole('table', { name: 'Push records' })).toContainText(
    'Deals: Weekend deals start now',
  );
  await expectNoSeriousViolations(page, 'push records');

  const text = `Spring sale ${stamp}`;
  await compose(page, text);
  // The estimate is the server's count of fresh installations in the channel.
  const fresh = new Date(Date.now() - 90 * 86_400_000).toISOString();
  const where = { channels: 'news', updatedAt: { $gt: { __type: 'Date', iso: fresh } } };
  const counted = await master<{ count: number }>(
    `/installations?count=1&limit=0&where=${encodeURIComponent(JSON.stringify(where))}`,
  );
  expect(counted.count).toBe(4);
  await expect(page.getByTestId('push-estimate')).toHaveAttribute('data-total', String(counted.count));
  await expect(page.getByTestId('push-estimate')).toContainText('Reaches 4 devices (2 iOS, 2 Android)');
  // Any _Installation condition, through the data browser's builder, narrows the estimate.
  const conditions = page.getByRole('region', { name: 'Installation conditions' });
  await conditions.getByRole('button', { name: 'Add condition' }).click();
  await conditions.getByRole('combobox', { name: 'Field' }).click();
  await page.getByRole('option', { name: 'deviceType', exact: true }).click();
  await conditions.getByRole('combobox', { name: 'Operator' }).click();
  await page.getByRole('option', { name: 'equals', exact: true }).click();
  await conditions.getByRole('textbox', { name: 'Value' }).fill('ios');
  await expect(page.getByTestId('push-estimate')).toHaveAttribute('data-total', '2');
  await expectNoSeriousViolations(page, 'push composer, conditions');
  await conditions.getByRole('button', { name: 'Remove condition' }).click();
  await expect(page.getByTestId('push-estimate')).toHaveAttribute('data-total', '4');
  // A vendor override tab adds that vendor's preview; the device appearance switches to dark.
  const overrides = page.getByRole('region', { name: 'Per-platform overrides' });
  await overrides.getByRole('tab', { name: 'Xiaomi' }).click();
  await overrides.getByRole('textbox', { name: 'Title on Xiaomi' }).fill('Mi Shop');
  await expect(page.getByTestId('preview-mi')).toContainText('Mi Shop');
  await page.getByRole('button', { name: 'Dark', exact: true }).click();
  await expect(page.getByTestId('preview-ios').locator('[data-appearance]')).toHaveAttribute(
    'data-appearance',
    'dark',
  );
  await expectNoSeriousViolations(page, 'push composer, dark preview');
  await expect(page.getByTestId('preview-ios')).toContainText(text);
  await expect(page.getByTestId('preview-android')).toContainText('Shop');
  await expect(page.getByTestId('push-bytes')).toContainText('/ 4096 bytes');
  await expectNoSeriousViolations(page, 'push composer');

  // A test to one device, and what the recorder says it received.
  const testSearch = page.getByRole('textbox', { name: /installationId, registrationId/ });
  await testSearch.fill('demo-android-xiaomi');
  await page.getByRole('button', { name: 'Find device' }).click();
  await page.getByRole('button', { name: /Send test to android demo-android-xiaomi/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Test push' })).toContainText(
    'Delivered to android demo-android-xiaomi through mi.',
  );
  // An iOS device is reached by its token, which an operator may not see: the console resolves it.
  await testSearch.fill('news');
  await page.getByRole('button', { name: 'Find device' }).click();
  const iosTests = page.getByRole('button', { name: /Send test to ios / });
  await expect(iosTests).toHaveCount(2);
  await iosTests.first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Test push' })).toContainText(/through ios\./);
  expect(await page.content()).not.toContain('d3m0'.repeat(16));

  await page.getByRole('button', { name: 'Review and send' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send this push?' });
  await expect(dialog).toContainText('To 4 devices (iOS 2, Android 2), now.');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page).toHaveURL(/\/push\/records\/\w+$/);
  await expect(page.getByText('Done', { exact: true })).toBeVisible();
  await expect(page.getByTestId('count-devices')).toHaveText('4');
  await expect(page.getByTestId('count-successes')).toHaveText('4');
  await expect(page.getByTestId('count-ios')).toHaveText('2');
  await expect(page.getByRole('button', { name: 'Cancel push' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'push record');
});

test('an operator finds devices by channel and platform, with tokens hidden, and test-sends to an iOS row', async ({
  page,
}) => {
  await signIn(page, operator.email, operator.password);
  await page.goto('/apps/default/push');
  await page.getByRole('navigation', { name: 'Push sections' }).getByRole('tab', { name: 'Devices' }).click();
  await expect(page).toHaveURL(/\/push\/devices$/);
  const counts = page.getByTestId('device-counts');
  await expect(counts).toContainText('iOS: 2');
  await expect(counts).toContainText('Xiaomi: 1');
  const table = page.getByRole('table', { name: 'Devices' });
  await expect(table.getByRole('row')).toHaveCount(7);
  await expectNoSeriousViolations(page, 'push devices');

  await page.getByRole('textbox', { name: /^Search/ }).fill('news');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/q=news/);
  await expect(table.getByRole('row')).toHaveCount(5);
  await page.getByRole('button', { name: 'iOS: 2' }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText('hidden');
  expect(await page.content()).not.toContain('d3m0'.repeat(16));

  await table
    .getByRole('button', { name: /Test send to ios / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: /Test push to ios / });
  await dialog.getByRole('textbox', { name: 'Text' }).fill(`Device test ${stamp}`);
  await dialog.getByRole('button', { name: 'Send test' }).click();
  await expect(dialog.getByRole('status')).toContainText(/through ios\./);
  await test
    .info()
    .attach('push-devices-test.png', { body: await page.screenshot(), contentType: 'image/png' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The installation's details: when it stops being targeted, and what the recorder last gave it.
  await table
    .getByRole('button', { name: /Details of ios / })
    .first()
    .click();
  const details = page.getByRole('dialog', { name: /^ios / });
  await expect(details).toContainText('Stops being targeted');
  await expect(details.getByTestId('device-deliveries')).toContainText(`Device test ${stamp}`);
  // An operator may not write data: channels are shown, not edited, and there is no delete.
  await expect(details.getByRole('combobox', { name: 'Channels' })).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Delete installation' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'push device details');
  await details.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expectNoSeriousViolations(page, 'push devices, dark');
  await test
    .info()
    .attach('push-devices-dark.png', { body: await page.screenshot(), contentType: 'image/png' });
  // The composer in the dark theme, before anything is typed: Text shows its rule, not an error.
  await page.goto('/apps/default/push/new');
  await expect(page.getByText('Required: the text the device shows.')).toBeVisible();
  await test
    .info()
    .attach('push-composer-dark.png', { body: await page.screenshot(), contentType: 'image/png' });
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
});

test('an operator filters records by notification id and day, and exports the filter as CSV', async ({
  page,
}) => {
  const all = await master<{
    results: { objectId: string; notificationId: string; data: { alert?: string } }[];
  }>('/notifications?limit=1000&order=-createdAt');
  const welcome = all.results.find((r) => r.data.alert === 'Welcome to the shop!');
  if (!welcome) throw new Error('the demo push is missing');
  await signIn(page, operator.email, operator.password);
  await page.goto('/apps/default/push');
  const table = page.getByRole('table', { name: 'Push records' });
  await expect(table).toContainText('Welcome to the shop!');
  await page.getByRole('textbox', { name: 'Notification id or record id' }).fill(welcome.notificationId);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`id=${welcome.notificationId}`));
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Welcome to the shop!');
  await expectNoSeriousViolations(page, 'push records, filtered');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = (await import('node:fs')).readFileSync(file, 'utf8').split('\r\n');
  expect(csv[0]).toMatch(/^objectId,notificationId,status/);
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(`${welcome.objectId},${welcome.notificationId},done`);

  // By source: the demo's pushes were sent from the console, none of them through the API.
  const source = page.getByRole('combobox', { name: 'Source' });
  await source.click();
  await page.getByRole('option', { name: 'Console' }).click();
  await expect(page).toHaveURL(/source=console/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Console');
  await source.click();
  await page.getByRole('option', { name: 'API', exact: true }).click();
  await expect(page).toHaveURL(/source=api/);
  await expect(page.getByText('No push matches.')).toBeVisible();

  // The overview: a day per row for the last 7 days, today's row counting the demo's pushes.
  await page
    .getByRole('navigation', { name: 'Push sections' })
    .getByRole('tab', { name: 'Overview' })
    .click();
  const perDay = page.getByRole('table', { name: 'Pushes per day' });
  await expect(perDay.getByRole('row')).toHaveCount(8);
  await expect(page.getByTestId('push-overview-chart').locator('svg').first()).toBeVisible();
  // The e2e server has no push configuration: the overview says everything goes to the recorder.
  await expect(page.getByTestId('push-gateways-none')).toContainText('every delivery goes to the recorder');
  await expectNoSeriousViolations(page, 'push overview');
  await test.info().attach('push-overview.png', { body: await page.screenshot(), contentType: 'image/png' });

  // A day before any push: nothing.
  await page.goto('/apps/default/push?to=2001-01-01');
  await expect(page.getByText('No push matches.')).toBeVisible();
  await test
    .info()
    .attach('push-records-filtered.png', { body: await page.screenshot(), contentType: 'image/png' });
});

test('an operator schedules a push in another time zone, finds it at its UTC time, and cancels it', async ({
  page,
}) => {
  await signIn(page, operator.email, operator.password);
  const text = `Scheduled ${stamp}`;
  await compose(page, text);
  const at = new Date(Date.now() + 3_600_000);
  at.setUTCSeconds(0, 0);
  // The wall clock in Tokyo (UTC+9, no daylight saving) an hour from now.
  const tokyo = new Date(at.getTime() + 9 * 3_600_000).toISOString();
  await page.getByRole('radio', { name: 'Later' }).check();
  await page.getByRole('combobox', { name: 'Time zone' }).fill('Asia/Tokyo');
  await page.getByRole('option', { name: 'Asia/Tokyo', exact: true }).click();
  await page.getByLabel('Date', { exact: true }).fill(tokyo.slice(0, 10));
  await page.getByLabel('Time', { exact: true }).fill(tokyo.slice(11, 16));
  const utc = `${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 16)}:00`;
  await page.getByRole('button', { name: 'Review and send' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send this push?' });
  await expect(dialog).toContainText(`Asia/Tokyo (UTC+9) = ${utc} UTC`);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page).toHaveURL(/\/push\/records\/\w+$/);
  await expect(page.getByText('Scheduled', { exact: true })).toBeVisible();

  // Deep-linkable: the scheduled list has its own URL.
  await page.goto('/apps/default/push/scheduled');
  const row = page
    .getByRole('table', { name: 'Scheduled pushes' })
    .getByRole('row')
    .filter({ hasText: text });
  await expect(row.getByTestId('utc-time')).toHaveText(`${utc} UTC`);
  await expectNoSeriousViolations(page, 'scheduled pushes');
  await row.getByRole('button', { name: 'Cancel' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this scheduled push?' });
  await expect(confirm).toContainText('Nothing has been delivered yet.');
  await confirm.getByRole('button', { name: 'Yes, cancel the scheduled push' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: text })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Push sections' }).getByRole('tab', { name: 'Records' }).click();
  await expect(page.getByRole('table', { name: 'Push records' })).toContainText('Welcome to the shop!');
  await expect(page.getByRole('row').filter({ hasText: text })).toHaveCount(0);
  expect(await recordsWithText(text)).toEqual([]);
});

test('a double click on Send makes one push', async ({ page }) => {
  await signIn(page, operator.email, operator.password);
  const text = `Once ${stamp}`;
  await compose(page, text);
  await page.getByRole('button', { name: 'Review and send' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send this push?' });
  await dialog.getByRole('button', { name: 'Send', exact: true }).dblclick();
  await expect(page).toHaveURL(/\/push\/records\/\w+$/);
  // The same composition sent again (a retried timeout) answers with the first push.
  const again = await page.evaluate(async (alert) => {
    const body = { data: { alert }, channels: ['news'], req_id: 'e2eRetry' + String(alert.length) };
    const post = () =>
      fetch('/api/apps/default/1.1/push', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-switchboard-csrf': '1' },
        body: JSON.stringify(body),
      }).then(async (r) => ((await r.json()) as { objectId: string }).objectId);
    return [await post(), await post()];
  }, `${text} retried`);
  expect(again[0]).toBe(again[1]);
  expect(await recordsWithText(text)).toHaveLength(1);
  expect(await recordsWithText(`${text} retried`)).toHaveLength(1);
});

test('a viewer reads records but has no send or cancel, and a forced send is refused; the audit log shows it all', async ({
  page,
  browser,
}) => {
  await signIn(page, viewer.email, viewer.password);
  await page.goto('/apps/default/push');
  const table = page.getByRole('table', { name: 'Push records' });
  await expect(table).toContainText('Welcome to the shop!');
  await expect(page.getByRole('tab', { name: 'New push' })).toHaveCount(0);
  await table.getByRole('link', { name: /Welcome to the shop!/ }).click();
  await expect(page.getByTestId('count-devices')).toHaveText('4');
  await expect(page.getByRole('button', { name: 'Duplicate' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel push' })).toHaveCount(0);
  await page.goto('/apps/default/push/new');
  await expect(page.getByText('Your role may read pushes but not send them.')).toBeVisible();
  const forced = await page.evaluate(async () => {
    const res = await fetch('/api/apps/default/1.1/push', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-switchboard-csrf': '1' },
      body: JSON.stringify({ data: { alert: 'not allowed' } }),
    });
    return { status: res.status, body: (await res.json()) as { code?: string } };
  });
  expect(forced.status).toBe(403);
  expect(forced.body.code).toBe('forbidden');

  const admin = await browser.newPage();
  await signIn(admin, stack.admin.email, stack.admin.password);
  await admin.goto('/apps/default/admin/audit');
  const log = admin.getByRole('table', { name: 'Audit log' });
  const row = (action: string, actor: string) =>
    log.getByRole('row').filter({ hasText: action }).filter({ hasText: actor }).first();
  await expect(row('push.send_test', operator.email)).toContainText('Done');
  await expect(row('push.send', operator.email)).toContainText('Done');
  await expect(row('push.cancel', operator.email)).toContainText('Done');
  await expect(row('push.send', viewer.email)).toContainText('Refused (403)');
  await admin.close();
});
