import { expect, test } from '@playwright/test';
import { stack } from '../stack';
import { api, uniqueClass } from '../support/api';
import { openClass, signIn } from '../support/console';
import { applyQuery, openQueryDialog, setCondition } from '../support/query';

test('bulk delete removes exactly the objects of the filter', async ({ page }) => {
  const className = uniqueClass('Crate');
  const ids = await api.createMany(
    className,
    [1, 2, 3, 4, 5, 6].map((size) => ({ size })),
  );
  const kept = ids.slice(0, 3);

  await signIn(page, stack.admin.email, stack.admin.password);
  const grid = await openClass(page, className);
  const dialog = await openQueryDialog(page, className);
  await dialog.getByRole('button', { name: 'Add condition' }).click();
  await setCondition(dialog, 0, { field: 'size', operator: '>', value: '3' });
  await applyQuery(page, dialog, className);
  await expect(grid).toHaveAttribute('aria-rowcount', '4');

  await page.getByRole('button', { name: 'Bulk actions' }).click();
  const bulk = page.getByRole('dialog', { name: `Bulk action on ${className}` });
  await bulk.getByRole('combobox', { name: /^Action/ }).click();
  await page.getByRole('option', { name: 'Delete objects' }).click();
  await expect(bulk.getByRole('radio', { name: 'Every object matching the current filter' })).toBeChecked();
  await expect(bulk.getByText('The objects will be deleted. This cannot be undone.')).toBeVisible();
  await bulk.getByRole('button', { name: 'Run' }).click();
  await expect(bulk.getByText('Finished: 3 objects, 0 failed.')).toBeVisible();

  const left = (await api.find(className)).map((o) => o.objectId);
  expect(new Set(left)).toEqual(new Set(kept));
  // The summary stays until closed; then the page reloads, and the filter matches nothing.
  await bulk.getByRole('button', { name: 'Close' }).click();
  await expect(bulk).toBeHidden();
  await expect(page.getByText('There are no objects on this page.')).toBeVisible();
});
