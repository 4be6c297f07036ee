import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { stack } from '../stack';
import { addConsoleUsers, signIn } from '../support/console';

/**
 * The data browser in Simplified Chinese, with a CJK font as a Chinese reader has one: labels are
 * shown whole, not cut off. A console user of its own, since the language choice is kept per user.
 */
test('the pager’s labels are shown whole in Chinese', async ({ page }) => {
  const email = `zh-${randomBytes(3).toString('hex')}@e2e.example`;
  const password = 'developer password 42';
  await addConsoleUsers(page, stack.admin, [{ email, password, role: 'developer' }]);
  await signIn(page, email, password);
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: '简体中文' }).click();
  await expect(page.getByRole('navigation', { name: '控制台分区' })).toBeVisible();

  const loaded = page.waitForResponse((r) => r.url().includes('/1.1/classes/Review?') && r.ok());
  await page.getByRole('link', { name: 'Review', exact: true }).click();
  await loaded;
  await expect(page.getByRole('grid', { name: 'Review' })).toBeVisible();
  const pageSize = page.getByRole('combobox', { name: '每页行数' });
  await expect(pageSize).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('pager-zh.png') });

  // Each label and the value shown fit their boxes: nothing is clipped behind an ellipsis.
  const label = page.locator('.MuiInputLabel-root', { hasText: '每页行数' });
  for (const part of [label, pageSize]) {
    const size = await part.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(size.scroll, await part.innerText()).toBeLessThanOrEqual(size.client);
  }
});
