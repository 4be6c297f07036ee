import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { IMClient, Message } from 'leancloud-realtime';
import { stack } from '../stack';
import { expectNoSeriousViolations } from '../support/a11y';
import { signIn } from '../support/console';
import { addImStaff, imStaff, master } from '../support/messaging';
import { solidPng } from '../support/png';
import {
  Event,
  ImageMessage,
  liveClients,
  messageWhere,
  nextEvent,
  TextMessage,
  textOf,
} from '../support/realtime';

/**
 * The messaging area against clients of the real `leancloud-realtime` SDK connected to the stack's
 * server while the console works: support finds a connected client, recalls its abusive message
 * (the clients get the recall), mutes and kicks it (its SDK gets the close with the reason), and
 * sends an uploaded image that a client's SDK receives as an ImageMessage; an operator's global
 * broadcast reaches a connected client; a viewer changes nothing and sees the image drawn; the
 * audit log names each target.
 */

const staff = imStaff('im-live');
const { stamp, support, operator, viewer } = staff;
const reader = `reader-${stamp}`;
const abuser = `abuser-${stamp}`;
const groupName = `Live group ${stamp}`;

const onlineNow = async (id: string) =>
  (await master<{ results: string[] }>('POST', '/1.2/rtm/clients/check-online', { client_ids: [id] }))
    .results;

const clients = liveClients();
let atReader: IMClient;
let atAbuser: IMClient;
let groupId = '';
let abusive: Message;
let image: ImageMessage;

// Serial: each step acts on what the one before did. The live clients stay open throughout.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async ({ browser }) => {
  await addImStaff(browser, staff);
  atReader = await clients.login(reader);
  atAbuser = await clients.login(abuser);
  const group = await atAbuser.createConversation({ members: [reader], name: groupName });
  groupId = group.id;
  // The abuser writes; the reader's app has it live.
  const arrives = messageWhere(atReader, (m) => m.cid === groupId);
  abusive = await group.send(new TextMessage(`abusive words ${stamp}`));
  expect((await arrives).id).toBe(abusive.id);
});

test.afterAll(async () => {
  await clients.closeAll();
});

/** The client page of `id`, found from the Clients tab as support would. */
async function findClient(page: Page, id: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Messaging', exact: true })
    .click();
  await page.getByRole('tab', { name: 'Clients' }).click();
  await page.getByRole('textbox', { name: 'Client id' }).fill(id);
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Client ${id}` })).toBeVisible();
}

const presence = (page: Page) => page.getByRole('status').filter({ hasText: /^(Online|Offline)$/ });

test('support finds the connected client, recalls its message, mutes and kicks it; the SDK clients see each', async ({
  page,
}) => {
  await signIn(page, support.email, support.password);
  await findClient(page, abuser);
  await expect(presence(page)).toHaveText('Online');
  await expectNoSeriousViolations(page, 'client, online');

  await page.getByRole('region', { name: 'Conversations' }).getByRole('link', { name: groupName }).click();
  await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  const message = page.getByTestId(`message-${abusive.id}`);
  await expect(message).toContainText(`abusive words ${stamp}`);
  await expectNoSeriousViolations(page, 'live conversation');

  // Both members' apps get the recall.
  const recalls = [atReader, atAbuser].map((c) =>
    nextEvent<[Message, { id: string }]>(c, Event.MESSAGE_RECALL),
  );
  await message.getByRole('button', { name: `Recall the message of ${abuser}` }).click();
  await expectNoSeriousViolations(page, 'recall dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Recall' }).click();
  for (const [recalled, conv] of await Promise.all(recalls)) {
    expect(recalled.id).toBe(abusive.id);
    expect(conv.id).toBe(groupId);
  }
  await expect(message).toContainText('This message was recalled.');

  const mutes = page.getByRole('region', { name: /^Muted/ });
  await mutes.getByRole('textbox', { name: 'Client ids to mute' }).fill(abuser);
  await mutes.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect(mutes.getByRole('link', { name: abuser })).toBeVisible();
  const [conv] = (
    await master<{ results: { mu?: string[] }[] }>(
      'GET',
      `/1.2/rtm/conversations?where=${encodeURIComponent(JSON.stringify({ objectId: groupId }))}`,
    )
  ).results;
  expect(conv?.mu).toEqual([abuser]);

  await page
    .getByRole('region', { name: /^Members/ })
    .getByRole('link', { name: abuser })
    .click();
  await expect(presence(page)).toHaveText('Online');
  const closed = nextEvent<[{ code: number; reason: string }]>(atAbuser, Event.CLOSE);
  await page.getByRole('button', { name: 'Kick' }).click();
  await expectNoSeriousViolations(page, 'kick dialog');
  await page.getByRole('dialog').getByRole('textbox', { name: 'Reason (optional)' }).fill('abuse');
  await page.getByRole('dialog').getByRole('button', { name: 'Kick' }).click();
  const [close] = await closed;
  expect(close).toMatchObject({ code: 4115, reason: 'abuse' });
  await expect(page.getByRole('alert')).toContainText('Kicked.');
  await expect(presence(page)).toHaveText('Offline');
  expect(await onlineNow(abuser)).toEqual([]);
  expect(await onlineNow(reader)).toEqual([reader]);
});

test('support sends an uploaded image that a connected client receives as an ImageMessage', async ({
  page,
}) => {
  const png = solidPng(3, 2);
  await signIn(page, support.email, support.password);
  await page.goto(`/apps/default/messaging/conversations/${groupId}`);
  await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  const form = page.getByRole('region', { name: 'Send a message' });
  await form.getByRole('textbox', { name: 'As client id' }).fill('support-desk');
  await form.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Image by upload' }).click();
  await expect(form.getByRole('button', { name: 'Send' })).toBeDisabled();
  const stored = page.waitForResponse((r) => r.url().includes('/api/apps/default/im/images?'));
  await form
    .getByLabel('Image to send')
    .setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: png });
  const file = (await (await stored).json()) as { objectId: string; url: string };
  // Its pixel size was read in the browser before the upload.
  await expect(form).toContainText(/Stored tiny\.png: 3 × 2/);
  await form.getByRole('textbox', { name: 'Text (optional)' }).fill(`look ${stamp}`);
  await expectNoSeriousViolations(page, 'send an uploaded image');

  const arrives = messageWhere(atReader, (m) => m.cid === groupId && m instanceof ImageMessage);
  await form.getByRole('button', { name: 'Send' }).click();
  const got = await arrives;
  expect(got).toBeInstanceOf(ImageMessage);
  image = got as ImageMessage;
  expect(image.from).toBe('support-desk');
  expect(image.getText()).toBe(`look ${stamp}`);
  expect(image._lcfile).toEqual({
    url: file.url,
    objId: file.objectId,
    metaData: { name: 'tiny.png', format: 'png', size: png.length, width: 3, height: 2 },
  });
  // The URL the client got serves the very bytes uploaded.
  const content = await fetch(image._lcfile.url);
  expect(Buffer.from(await content.arrayBuffer()).equals(png)).toBe(true);

  // Support may not read files: the history links the image rather than drawing it.
  const item = page.getByTestId(`message-${image.id}`);
  await expect(item.getByRole('link', { name: /^Image: tiny\.png/ })).toHaveAttribute('href', file.url);
  await expect(item.getByRole('img')).toHaveCount(0);
});

test('an operator sends a global broadcast that a connected client receives, then deletes it', async ({
  page,
}) => {
  const [news] = (
    await master<{ results: { objectId: string }[] }>(
      'GET',
      `/1.2/rtm/service-conversations?where=${encodeURIComponent(JSON.stringify({ name: 'Shop news' }))}`,
    )
  ).results;
  await signIn(page, operator.email, operator.password);
  await page.goto('/apps/default/messaging/broadcasts');
  await expect(page.getByRole('combobox', { name: 'Service conversation' })).toHaveText('Shop news');
  const text = `Live flash sale ${stamp}`;
  const arrives = messageWhere(atReader, (m) => m.cid === news!.objectId);
  await page.getByRole('textbox', { name: 'From client id' }).fill('shop');
  await page.getByRole('textbox', { name: 'Message' }).fill(JSON.stringify({ _lctype: -1, _lctext: text }));
  await page.getByRole('button', { name: 'Send broadcast' }).click();
  const got = await arrives;
  expect(textOf(got)).toBe(text);
  expect(got.from).toBe('shop');

  const row = page
    .getByRole('table', { name: 'Valid broadcasts' })
    .getByRole('row')
    .filter({ hasText: text });
  await expect(row).toBeVisible();
  await expectNoSeriousViolations(page, 'broadcasts');
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  const left = await master<{ 'msg-id': string }[]>('GET', `/1.2/rtm/broadcasts?conv_id=${news!.objectId}`);
  expect(left.map((b) => b['msg-id'])).not.toContain(got.id);
});

test('a viewer sees the live client and the history with no control; a forced kick gets 403', async ({
  page,
}) => {
  await signIn(page, viewer.email, viewer.password);
  await findClient(page, reader);
  await expect(presence(page)).toHaveText('Online');
  await expect(page.getByRole('button', { name: 'Kick' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'client as viewer');

  await page.getByRole('region', { name: 'Conversations' }).getByRole('link', { name: groupName }).click();
  const message = page.getByTestId(`message-${abusive.id}`);
  await expect(message).toContainText('This message was recalled.');
  await expect(message.getByRole('button', { name: /Recall|Delete|Modify/ })).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: /^Muted/ }).getByRole('link', { name: abuser }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Client ids to mute' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Send a message' })).toHaveCount(0);
  // A viewer reads files: the uploaded image is drawn, from the console's own origin.
  const drawn = page.getByTestId(`message-${image.id}`).getByRole('img', { name: 'tiny.png' });
  await expect(drawn).toHaveAttribute('src', `/api/apps/default/files/${image._lcfile.objId}/preview`);
  await expect.poll(() => drawn.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectNoSeriousViolations(page, 'conversation as viewer');

  await page.goto('/apps/default/messaging/broadcasts');
  await expect(page.getByRole('table', { name: 'Valid broadcasts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send broadcast' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'broadcasts as viewer');

  const forced = await page.evaluate(async (client) => {
    const res = await fetch(`/api/apps/default/1.2/rtm/clients/${client}/kick`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-switchboard-csrf': '1' },
      body: JSON.stringify({ reason: 'not allowed' }),
    });
    return { status: res.status, body: (await res.json()) as { code?: string } };
  }, reader);
  expect(forced).toEqual({ status: 403, body: expect.objectContaining({ code: 'forbidden' }) });
  expect(await onlineNow(reader)).toEqual([reader]);
});

test('the Overview counts the connected clients live, with users and messages per day', async ({ page }) => {
  const serverOnline = async () =>
    (await master<{ result: { online_user_count: number } }>('GET', '/1.2/rtm/stats')).result
      .online_user_count;
  await signIn(page, viewer.email, viewer.password);
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Messaging', exact: true })
    .click();
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/\/messaging\/overview$/);
  const online = page.getByTestId('im-online-now');
  const before = await serverOnline();
  expect(before).toBeGreaterThanOrEqual(1); // the reader, still connected
  await expect(online).toHaveText(new RegExp(`^Online now${before}Live`));
  await expect(page.getByTestId('im-users-today')).toHaveText(/^Users today[1-9]/);
  await expect(page.getByRole('figure', { name: /^Messages per day over 30 days/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Messages per day' }).getByRole('row')).toHaveCount(31);
  await expect(page.getByRole('figure', { name: /^Clients online over the last 24 hours/ })).toBeVisible();
  await expectNoSeriousViolations(page, 'messaging overview');

  // One more client connects: the page counts it without a reload.
  await clients.login(`overview-${stamp}`);
  await expect(online).toHaveText(new RegExp(`^Online now${before + 1}Live`), { timeout: 25_000 });

  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page.getByRole('table', { name: 'Users per day' }).getByRole('row')).toHaveCount(8);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expectNoSeriousViolations(page, 'messaging overview, dark');
  await test
    .info()
    .attach('messaging-overview-dark.png', { body: await page.screenshot(), contentType: 'image/png' });
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
});

test('the audit log names the target of each action, refusals included', async ({ page: admin }) => {
  await signIn(admin, stack.admin.email, stack.admin.password);
  await admin.goto('/apps/default/admin/audit');
  const log = admin.getByRole('table', { name: 'Audit log' });
  const row = (action: string, actor: string, target: string) =>
    log.getByRole('row').filter({ hasText: action }).filter({ hasText: actor }).filter({ hasText: target });
  await expect(row('im.recall', support.email, abusive.id)).toContainText('Done');
  await expect(row('im.mute', support.email, groupId)).toContainText('Done');
  await expect(row('im.kick', support.email, `Client ${abuser}`)).toContainText('Done');
  await expect(row('im.send', support.email, groupId)).toContainText('Done');
  // The image's upload names the file and the conversation it was for.
  const upload = row('file.upload', support.email, `_File/${image._lcfile.objId!}`);
  await expect(upload).toContainText(`Conversation ${groupId}`);
  await expect(upload).toContainText('Done');
  await expect(row('im.broadcast', operator.email, 'Done').first()).toBeVisible();
  await expect(row('im.delete_broadcast', operator.email, 'Done').first()).toBeVisible();
  await expect(row('im.kick', viewer.email, `Client ${reader}`)).toContainText('Refused (403)');
  await expectNoSeriousViolations(admin, 'audit log');
});
