import { expect, test } from '@playwright/test';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serverUrl, stack } from '../stack';
import { api, uniqueClass } from '../support/api';
import { addConsoleUsers, openClass, signIn } from '../support/console';

/*
 * Files of a migrated app live on other hosts (the demo's too). Their thumbnails in the data
 * browser were blocked by the console's image policy (img-src 'self'). Now the console fetches
 * them itself and shows them from its own origin, while the policy stays as strict as it was.
 * A local server plays the other host.
 */

/** A 2×2 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4zwAE/xkgFAAb8gP91pbyKwAAAABJRU5ErkJggg==',
  'base64',
);

const password = `console-${Date.now()}`;
const viewer = { email: `thumbs-viewer-${Date.now()}@e2e.example`, role: 'viewer' };
const className = uniqueClass('Gallery');
let host: Server;
let fileId = '';

test.beforeAll(async ({ browser }) => {
  host = createServer((req, res) => {
    if (req.url === '/photo.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const { port } = host.address() as AddressInfo;
  // An external file record, as a migrated app has them: POST /1.1/files with its url.
  const res = await fetch(`${serverUrl}/1.1/files`, {
    method: 'POST',
    headers: {
      'X-LC-Id': stack.appId,
      'X-LC-Key': `${stack.masterKey},master`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({
      url: `http://127.0.0.1:${port}/photo.png`,
      name: 'photo.png',
      mime_type: 'image/png',
    }),
  });
  expect(res.status).toBe(201);
  fileId = ((await res.json()) as { objectId: string }).objectId;
  await api.create(className, { title: 'sunset', picture: { __type: 'File', id: fileId } });
  const page = await browser.newPage();
  await addConsoleUsers(page, stack.admin, [{ ...viewer, password }]);
  await page.close();
});

test.afterAll(async () => {
  await new Promise((resolve) => host.close(resolve));
});

test('a file on another host shows its thumbnail in the data browser', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  await signIn(page, viewer.email, password);
  await page.goto('/apps/default/data');
  const previewed = page.waitForResponse((r) => r.url().includes(`/files/${fileId}/preview`));
  const grid = await openClass(page, className);
  const preview = await previewed;
  expect(preview.status()).toBe(200);
  expect(preview.headers()['content-type']).toBe('image/png');

  const link = grid.getByRole('link', { name: 'photo.png' });
  await expect(link).toBeVisible();
  const thumb = link.locator('img');
  const width = await thumb.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    return img.naturalWidth;
  });
  expect(width).toBe(2);
  expect(refused).toEqual([]);

  // The page's image policy is as strict as before: its own origin, data: and blob: only.
  const csp = (await page.request.get('/apps/default/data')).headers()['content-security-policy'];
  expect(csp).toContain("img-src 'self' data: blob:");
});
