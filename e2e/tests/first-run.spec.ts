import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, runStart } from '../support/start-command';

/**
 * The newcomer's path from the README: `pnpm start` on an empty data folder prints a one-time
 * setup link; the first admin is created through it and browses the demo data. After a restart
 * the data and the admin are still there and no setup link is printed.
 */
test('pnpm start: first admin through the setup link, demo data, data kept across a restart', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const data = mkdtempSync(join(tmpdir(), 'switchboard-start-'));
  const env = {
    SWITCHBOARD_DATA: data,
    SERVER_PORT: String(await freePort()),
    CONSOLE_PORT: String(await freePort()),
  };
  try {
    const first = await runStart(env);
    const link = /http:\/\/\S+\/setup\?token=[A-Za-z0-9_-]+/.exec(first.output())?.[0];
    expect(link, first.output()).toBeTruthy();
    try {
      await page.goto(link ?? '');
      await expect(page.getByLabel('Setup token')).not.toHaveValue('');
      await page.getByLabel('E-mail').fill('owner@example.com');
      await page.getByLabel('Password', { exact: true }).fill('owner password 1');
      await page.getByLabel('Confirm password').fill('owner password 1');
      await page.getByRole('button', { name: 'Create administrator' }).click();
      const classes = page.getByRole('navigation', { name: 'Classes' });
      await expect(classes.getByRole('link', { name: 'Store', exact: true })).toHaveAccessibleDescription(
        '5 objects',
      );
    } finally {
      await first.stop();
    }

    const second = await runStart(env);
    try {
      expect(second.output()).not.toContain('/setup?token=');
      // The session, the admin and the demo data all live in the data folder.
      await page.goto(new URL(link ?? '').origin);
      const classes = page.getByRole('navigation', { name: 'Classes' });
      await expect(classes.getByRole('link', { name: 'Product', exact: true })).toHaveAccessibleDescription(
        '12 objects',
      );
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.getByLabel('E-mail').fill('owner@example.com');
      await page.getByLabel('Password', { exact: true }).fill('owner password 1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(classes.getByRole('link', { name: 'Review', exact: true })).toHaveAccessibleDescription(
        '40 objects',
      );
    } finally {
      await second.stop();
    }
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
});
