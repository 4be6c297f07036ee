import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { stack } from '../stack';
import { expectNoSeriousViolations } from '../support/a11y';
import { signIn } from '../support/console';
import { addImStaff, imStaff, master } from '../support/messaging';

/**
 * The messaging area against our server and its demo conversations: support finds a conversation,
 * recalls a message, mutes a member and kicks a client; an operator broadcasts and deletes the
 * broadcast; a viewer reads everything and changes nothing; the audit log shows each action.
 * A user's client page shows the devices linked to it, and the signature check to roles that may
 * read secrets.
 */

const staff = imStaff('im');
const { stamp, support, operator, viewer } = staff;

interface Conv {
  objectId: string;
  name: string;
  m?: string[];
  mu?: string[];
}

const staffGroup = async () =>
  (
    await master<{ results: Conv[] }>(
      'GET',
      `/1.2/rtm/conversations?where=${encodeURIComponent(JSON.stringify({ name: 'Shop staff' }))}`,
    )
  ).results[0]!;

let group: Conv;
let abuser = '';
let abusive = { id: '', ts: 0 };

test.beforeAll(async ({ browser }) => {
  await addImStaff(browser, staff);
  group = await staffGroup();
  abuser = group.m![1]!;
  // A member writes something abusive, as their app would send it.
  const sent = await master<{ 'msg-id': string; timestamp: number }>(
    'POST',
    `/1.2/rtm/conversations/${group.objectId}/messages`,
    { from_client: abuser, message: JSON.stringify({ _lctype: -1, _lctext: `abusive words ${stamp}` }) },
  );
  abusive = { id: sent['msg-id'], ts: sent.timestamp };
});

test.describe.configure({ mode: 'serial' });

test('support finds a conversation, recalls a message, mutes the sender and kicks the client', async ({
  page,
}) => {
  await signIn(page, support.email, support.password);
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Messaging', exact: true })
    .click();
  const table = page.getByRole('table', { name: 'Conversations' });
  await expect(table).toContainText('Deals lobby');
  await expect(table).toContainText('Shop news');
  await expectNoSeriousViolations(page, 'conversations');

  await page.getByRole('combobox', { name: 'Search by' }).click();
  await page.getByRole('option', { name: 'Member' }).click();
  await page.getByRole('searchbox', { name: 'Search for' }).fill(abuser);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(table.getByRole('link', { name: 'Deals lobby' })).toHaveCount(0);
  await table.getByRole('link', { name: 'Shop staff' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Shop staff' })).toBeVisible();
  const message = page.getByTestId(`message-${abusive.id}`);
  await expect(message).toContainText(`abusive words ${stamp}`);
  // Typed messages are drawn by type: the demo's location and file.
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('Location 31.2304, 121.4737');
  await expectNoSeriousViolations(page, 'conversation');

  await message.getByRole('button', { name: `Recall the message of ${abuser}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Recall reaches the clients');
  const recalled = page.waitForResponse((r) => r.url().includes(`/messages/${abusive.id}/recall`));
  await dialog.getByRole('button', { name: 'Recall' }).click();
  expect((await recalled).status()).toBe(200);
  await expect(message).toContainText('This message was recalled.');
  await expect(message).not.toContainText('abusive words');
  const history = await master<{ 'msg-id': string; recalled?: boolean; data: string }[]>(
    'GET',
    `/1.2/rtm/conversations/${group.objectId}/messages?limit=5`,
  );
  expect(history.find((m) => m['msg-id'] === abusive.id)).toMatchObject({ recalled: true, data: '' });

  const mutes = page.getByRole('region', { name: /^Muted/ });
  await mutes.getByRole('textbox', { name: 'Client ids to mute' }).fill(abuser);
  await mutes.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect(mutes.getByRole('link', { name: abuser })).toBeVisible();
  expect((await staffGroup()).mu).toContain(abuser);

  // The member's client page, from the members list.
  await page
    .getByRole('region', { name: /^Members/ })
    .getByRole('link', { name: abuser })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `Client ${abuser}` })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Online|Offline/ })).toHaveText('Offline');
  await expect(page.getByRole('region', { name: 'Conversations' })).toContainText('Shop staff');
  await expect(page.getByRole('region', { name: 'Recent messages' })).toContainText(
    'This message was recalled.',
  );
  await expectNoSeriousViolations(page, 'client');

  await page.getByRole('button', { name: 'Kick' }).click();
  const kick = page.getByRole('dialog');
  const reason = kick.getByRole('textbox', { name: 'Reason (optional)' });
  await reason.fill('x'.repeat(21));
  await expect(kick.getByRole('button', { name: 'Kick' })).toBeDisabled();
  await expect(kick).toContainText('21 of 20 characters');
  await reason.fill('abuse');
  const kicked = page.waitForResponse((r) => r.url().endsWith(`/clients/${abuser}/kick`));
  await kick.getByRole('button', { name: 'Kick' }).click();
  expect((await kicked).status()).toBe(200);
  await expect(page.getByRole('alert')).toContainText('Kicked. The server answered {}.');
});

test('an operator sends a global broadcast and deletes it', async ({ page }) => {
  await signIn(page, operator.email, operator.password);
  await page.goto('/apps/default/messaging/broadcasts');
  await expect(page.getByRole('combobox', { name: 'Service conversation' })).toHaveText('Shop news');
  const text = `Flash sale ${stamp}`;
  await page.getByRole('textbox', { name: 'From client id' }).fill('shop');
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  const sent = page.waitForResponse(
    (r) => r.url().endsWith('/1.2/rtm/broadcasts') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Send broadcast' }).click();
  expect((await sent).status()).toBe(200);
  const list = page.getByRole('table', { name: 'Valid broadcasts' });
  const row = list.getByRole('row').filter({ hasText: text });
  await expect(row).toBeVisible();
  await expectNoSeriousViolations(page, 'broadcasts');

  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText('Only devices that have not received it yet');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await expect(list).toContainText('Spring sale: 30% off everything.');
});

test('a viewer reads everything but has no control, and a forced kick gets 403; the audit log shows it all', async ({
  page,
  browser,
}) => {
  await signIn(page, viewer.email, viewer.password);
  // A deep link to the recalled message opens the history there.
  await page.goto(
    `/apps/default/messaging/conversations/${group.objectId}?msg=${abusive.id}&ts=${abusive.ts}`,
  );
  const message = page.getByTestId(`message-${abusive.id}`);
  await expect(message).toContainText('This message was recalled.');
  await expect(message.getByRole('button', { name: /Recall|Delete|Modify/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Send a message' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Client ids to mute' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'conversation as viewer');

  await page.goto(`/apps/default/messaging/clients/${abuser}`);
  await expect(page.getByRole('heading', { level: 1, name: `Client ${abuser}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kick' })).toHaveCount(0);
  await page.goto('/apps/default/messaging/broadcasts');
  await expect(page.getByRole('table', { name: 'Valid broadcasts' })).toContainText('Spring sale');
  await expect(page.getByRole('button', { name: 'Send broadcast' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  const forced = await page.evaluate(async (client) => {
    const res = await fetch(`/api/apps/default/1.2/rtm/clients/${client}/kick`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-switchboard-csrf': '1' },
      body: JSON.stringify({ reason: 'not allowed' }),
    });
    return { status: res.status, body: (await res.json()) as { code?: string } };
  }, abuser);
  expect(forced).toEqual({ status: 403, body: expect.objectContaining({ code: 'forbidden' }) });

  const admin = await browser.newPage();
  await signIn(admin, stack.admin.email, stack.admin.password);
  await admin.goto('/apps/default/admin/audit');
  const log = admin.getByRole('table', { name: 'Audit log' });
  const row = (action: string, actor: string) =>
    log.getByRole('row').filter({ hasText: action }).filter({ hasText: actor }).first();
  await expect(row('im.recall', support.email)).toContainText('Done');
  await expect(row('im.recall', support.email)).toContainText(abusive.id);
  await expect(row('im.mute', support.email)).toContainText(group.objectId);
  await expect(row('im.kick', support.email)).toContainText(`Client ${abuser}`);
  await expect(row('im.broadcast', operator.email)).toContainText('Done');
  await expect(row('im.delete_broadcast', operator.email)).toContainText('Done');
  await expect(row('im.kick', viewer.email)).toContainText('Refused (403)');
  await admin.close();
});

/** Undone after each test, whether it passed or not. */
const afterThis: (() => Promise<unknown>)[] = [];
test.afterEach(async () => {
  for (const undo of afterThis.splice(0)) await undo();
});

test('a user’s client page shows its devices; the signature check is there only for secrets.read', async ({
  page,
  browser,
}) => {
  // An app user, logged in as their app would, with two devices linked to their client id.
  const user = await master<{ objectId: string; sessionToken: string }>('POST', '/1.1/users', {
    username: `im-devices-${stamp}`,
    password: `pw-${stamp}`,
  });
  const client = user.objectId;
  const owner = { __type: 'Pointer', className: '_User', objectId: client };
  const token = randomBytes(32).toString('hex');
  const phone = await master<{ objectId: string }>('POST', '/1.1/installations', {
    deviceType: 'ios',
    deviceToken: token,
    channels: [client],
    owner,
  });
  const tablet = await master<{ objectId: string }>('POST', '/1.1/installations', {
    deviceType: 'android',
    installationId: `tablet-${stamp}`,
    channels: [client],
    owner,
  });
  // Gone after this test: the push journeys count the demo's installations on the same server.
  afterThis.push(
    () => master('DELETE', `/1.1/installations/${phone.objectId}`),
    () => master('DELETE', `/1.1/installations/${tablet.objectId}`),
  );

  // The admin holds secrets.read: devices with their tokens, and the signature check.
  await signIn(page, stack.admin.email, stack.admin.password);
  await page.goto(`/apps/default/messaging/clients/${client}`);
  await expect(page.getByRole('heading', { level: 1, name: `Client ${client}` })).toBeVisible();
  const devices = page.getByRole('region', { name: 'Devices' });
  await expect(devices.getByTestId(`device-${phone.objectId}`)).toContainText(token.slice(0, 8));
  await expect(devices.getByTestId(`device-${phone.objectId}`)).toContainText(client);
  await expect(devices.getByTestId(`device-${tablet.objectId}`)).toContainText(`tablet-${stamp}`);
  await expect(devices.getByRole('row')).toHaveCount(3);
  const sign = page.getByRole('region', { name: 'Signature check' });
  await sign.getByLabel('Session token').fill(user.sessionToken);
  const signed = page.waitForResponse((r) => r.url().includes('/1.2/rtm/clients/sign?'));
  await sign.getByRole('button', { name: 'Check' }).click();
  expect((await signed).status()).toBe(200);
  const answer = sign.getByRole('alert');
  await expect(answer).toContainText(`Allowed: a login signature for ${client}.`);
  await expect(answer).toContainText(/"signature": "[0-9a-f]{40}"/);
  await expectNoSeriousViolations(page, 'client with devices and signature');

  // The audit log names the client whose signature was asked for, never the token.
  await page.goto('/apps/default/admin/audit');
  const checked = page
    .getByRole('table', { name: 'Audit log' })
    .getByRole('row')
    .filter({ hasText: 'im.sign_check' })
    .filter({ hasText: `Client ${client}` });
  await expect(checked).toHaveCount(1);

  // A viewer reads devices (tokens hidden) but not secrets; support reads neither.
  // Contexts of their own: the accessibility check runs only in a page of a context.
  const viewing = await browser.newContext();
  const asViewer = await viewing.newPage();
  await signIn(asViewer, viewer.email, viewer.password);
  await asViewer.goto(`/apps/default/messaging/clients/${client}`);
  const seen = asViewer.getByRole('region', { name: 'Devices' }).getByTestId(`device-${phone.objectId}`);
  await expect(seen).toContainText('hidden');
  await expect(seen).not.toContainText(token.slice(0, 8));
  await expect(asViewer.getByRole('region', { name: 'Signature check' })).toHaveCount(0);
  await expect(asViewer.getByLabel('Session token')).toHaveCount(0);
  await expectNoSeriousViolations(asViewer, 'client as viewer');
  await viewing.close();

  const supporting = await browser.newContext();
  const asSupport = await supporting.newPage();
  await signIn(asSupport, support.email, support.password);
  await asSupport.goto(`/apps/default/messaging/clients/${client}`);
  await expect(asSupport.getByRole('heading', { level: 1, name: `Client ${client}` })).toBeVisible();
  await expect(asSupport.getByRole('button', { name: 'Kick' })).toBeVisible();
  await expect(asSupport.getByRole('region', { name: 'Signature check' })).toHaveCount(0);
  await expect(asSupport.getByRole('region', { name: 'Devices' })).toHaveCount(0);
  await supporting.close();
});
