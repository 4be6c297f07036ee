import { expect, test } from '@playwright/test';
import { stack } from '../stack';
import { expectNoSeriousViolations } from '../support/a11y';
import { api, uniqueClass } from '../support/api';
import { openClass, signIn } from '../support/console';
import { openCellEditor } from '../support/grid';
import { openQueryDialog } from '../support/query';

test('the data browser and its dialogs have no serious accessibility problems', async ({ page }) => {
  const target = uniqueClass('Owner');
  const className = uniqueClass('Gadget');
  const { objectId: owner } = await api.create(target, { name: 'Ada' });
  const { objectId } = await api.create(className, {
    name: 'lamp',
    price: 12.5,
    bought: { __type: 'Date', iso: '2024-05-01T10:00:00.000Z' },
    owner: { __type: 'Pointer', className: target, objectId: owner },
    tags: ['a'],
    on: true,
  });

  await signIn(page, stack.admin.email, stack.admin.password);
  const grid = await openClass(page, className);
  await expectNoSeriousViolations(page, 'class list and grid');

  const query = await openQueryDialog(page, className);
  await query.getByRole('button', { name: 'Add condition' }).click();
  await query.getByRole('button', { name: 'Add group' }).click();
  await expectNoSeriousViolations(page, 'query dialog');
  await query.getByRole('button', { name: 'Cancel' }).click();
  await expect(query).toBeHidden();

  for (const field of ['name', 'bought']) {
    const editor = await openCellEditor(grid, objectId, field);
    await expectNoSeriousViolations(page, `cell editor of ${field}`);
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor).toBeHidden();
  }

  await page.getByRole('button', { name: 'Schema' }).click();
  const drawer = page.getByRole('dialog', { name: `Fields of ${className}` });
  await expect(drawer).toBeVisible();
  await expectNoSeriousViolations(page, 'schema drawer');
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();

  await page.getByRole('button', { name: 'Bulk actions' }).click();
  const bulk = page.getByRole('dialog', { name: `Bulk action on ${className}` });
  await expect(bulk).toBeVisible();
  await expectNoSeriousViolations(page, 'bulk dialog');
  await bulk.getByRole('button', { name: 'Cancel' }).click();
  await expect(bulk).toBeHidden();
});
