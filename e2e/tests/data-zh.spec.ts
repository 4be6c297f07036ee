import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { stack } from '../stack';
import type { Page } from '@playwright/test';
import { expectNoClippedLabels } from '../support/clipped';
import { addConsoleUsers, signIn } from '../support/console';

/**
 * The data browser in Simplified Chinese, with a CJK font as a Chinese reader has one: labels are
 * shown whole, not cut off. A console user of its own, since the language choice is kept per user.
 */
/** Signs in a new console user of `role` and switches the console to Simplified Chinese. */
async function signInInChinese(page: Page, role: string): Promise<void> {
  const email = `zh-${randomBytes(3).toString('hex')}@e2e.example`;
  const password = `${role} password 42`;
  await addConsoleUsers(page, stack.admin, [{ email, password, role }]);
  await signIn(page, email, password);
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: '简体中文' }).click();
  await expect(page.getByRole('navigation', { name: '控制台分区' })).toBeVisible();
}

test('the pager’s labels are shown whole in Chinese', async ({ page }) => {
  await signInInChinese(page, 'developer');

  const loaded = page.waitForResponse((r) => r.url().includes('/1.1/classes/Review?') && r.ok());
  await page.getByRole('link', { name: 'Review', exact: true }).click();
  await loaded;
  await expect(page.getByRole('grid', { name: 'Review' })).toBeVisible();
  const pageSize = page.getByRole('combobox', { name: '每页行数' });
  await expect(pageSize).toBeVisible();

  // Each label and the value shown fit their boxes: nothing is clipped behind an ellipsis.
  const label = page.locator('.MuiInputLabel-root', { hasText: '每页行数' });
  for (const part of [label, pageSize]) {
    const size = await part.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(size.scroll, await part.innerText()).toBeLessThanOrEqual(size.client);
  }
  await expectNoClippedLabels(page, 'data-zh');
});

test('the audit log, console users and settings show every label whole in Chinese', async ({ page }) => {
  await signInInChinese(page, 'admin');

  const audit = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/audit' && r.ok());
  await page.goto('/apps/default/admin/audit');
  await audit;
  const log = page.getByRole('table', { name: '审计日志' });
  await expect(log.getByRole('row').nth(1)).toBeVisible();
  await expectNoClippedLabels(page, 'audit-zh');
  await log.getByRole('row').nth(1).click();
  await expect(page.getByRole('region', { name: '审计记录' })).toBeVisible();
  await expectNoClippedLabels(page, 'audit-entry-zh');
  await page.keyboard.press('Escape');

  await page.goto('/apps/default/admin/users');
  await page.getByRole('button', { name: '添加用户' }).click();
  const dialog = page.getByRole('dialog', { name: '添加控制台用户' });
  await dialog.getByLabel('邮箱').fill(`zh-new-${randomBytes(3).toString('hex')}@e2e.example`);
  await dialog.getByRole('radio', { name: '现在设置密码' }).check();
  // The rule is stated before anything is typed.
  await expect(dialog.getByText('至少 12 个字符。')).toBeVisible();
  await dialog.getByLabel('密码', { exact: true }).fill('short');
  await dialog.getByRole('button', { name: '添加', exact: true }).click();
  // The server's refusal, once and in Chinese, its request id folded away.
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('密码至少需要 12 个字符。');
  // The message itself, not /12/: the folded request id is random and may hold "12" too.
  await expect(alert.getByText(/12 个字符/)).toHaveCount(1);
  await expect(alert).not.toContainText('use at least');
  await expect(alert.getByText(/请求 ID/)).toBeHidden();
  await expectNoClippedLabels(page, 'add-user-zh');
  await dialog.getByRole('button', { name: '取消' }).click();

  await page.goto('/apps/default/settings');
  await expect(page.getByText('至少 12 个字符。')).toBeVisible();
  await expectNoClippedLabels(page, 'settings-zh');
});

test('the check finds a label cut off behind an ellipsis', async ({ page }) => {
  await page.setContent(
    '<label class="MuiInputLabel-root" style="display:block;width:40px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">每页行数每页行数</label>',
  );
  await expect(expectNoClippedLabels(page, 'clipped-on-purpose')).rejects.toThrow(/每页行数每页行数/);
});
