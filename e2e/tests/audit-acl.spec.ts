import { expect, test } from '@playwright/test';
import { stack } from '../stack';
import { api, uniqueClass } from '../support/api';
import { openClass, signIn } from '../support/console';
import { nextWrite, openCellEditor } from '../support/grid';

/**
 * An ACL edit in the data browser is audited with the ACL before and after: the audit entry's
 * diff names the ACL as changed, not only updatedAt.
 */
test('an ACL edit shows in the audit log with the ACL before and after', async ({ page }) => {
  const className = uniqueClass('Ledger');
  const { objectId } = await api.create(className, {
    title: 'shared',
    ACL: { '*': { read: true, write: true } },
  });

  await signIn(page, stack.admin.email, stack.admin.password);
  const grid = await openClass(page, className);
  const acl = await openCellEditor(grid, objectId, 'ACL');
  await acl.getByRole('checkbox', { name: 'Write for Public (everyone)' }).uncheck();
  const saved = nextWrite(page);
  await acl.getByRole('button', { name: 'Save' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(acl).toBeHidden();
  expect(await api.acl(className, objectId)).toEqual({ '*': { read: true } });

  const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/audit' && r.ok());
  await page.goto('/apps/default/admin/audit');
  await loaded;
  await page
    .getByRole('table', { name: 'Audit log' })
    .getByRole('row')
    .filter({ hasText: 'object.update' })
    .filter({ hasText: objectId })
    .first()
    .click();
  const diff = page
    .getByRole('region', { name: 'Audit entry' })
    .getByRole('table', { name: 'Before and after' });
  await expect(diff.getByRole('row').filter({ hasText: /^ACL/ }).getByRole('cell')).toHaveText([
    'ACL',
    'changed',
    '{"*":{"read":true,"write":true}}',
    '{"*":{"read":true}}',
  ]);
  await expect(
    diff
      .getByRole('row')
      .filter({ hasText: /^title/ })
      .getByRole('cell')
      .nth(1),
  ).toHaveText('unchanged');
});
