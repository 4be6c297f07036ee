import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/** The query builder, driven as a person would: conditions are numbered in the order they show. */
export async function openQueryDialog(page: Page, className: string): Promise<Locator> {
  await page.getByRole('region', { name: 'Active filters' }).getByRole('button', { name: 'Filter' }).click();
  const dialog = page.getByRole('dialog', { name: `Query ${className}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function choose(page: Page, box: Locator, option: string) {
  await box.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export type ConditionInput =
  | { field: string; operator: '>' | '<' | 'equals'; value: string }
  | { field: string; operator: 'matches'; pattern: string }
  | { field: string; operator: 'exists' };

/** Sets the `index`-th condition row of the dialog (document order, nested groups included). */
export async function setCondition(dialog: Locator, index: number, c: ConditionInput) {
  const page = dialog.page();
  await choose(page, dialog.getByRole('combobox', { name: /^Field/ }).nth(index), c.field);
  await choose(page, dialog.getByRole('combobox', { name: /^Operator/ }).nth(index), c.operator);
  // Value boxes come one per row that has one; a row is found by its own field box.
  const row = dialog
    .getByRole('combobox', { name: /^Field/ })
    .nth(index)
    .locator('xpath=ancestor::div[contains(@class,"MuiBox-root")][1]');
  if (c.operator === 'matches') await row.getByLabel('Regular expression').fill(c.pattern);
  else if (c.operator === 'exists')
    await expect(row.getByRole('switch', { name: 'Has a value' })).toBeChecked();
  else
    await row
      .getByRole('textbox', { name: 'Value' })
      .or(row.getByRole('spinbutton', { name: 'Value' }))
      .fill(c.value);
}

/** Applies the dialog's query and waits for the grid's request with it. */
export async function applyQuery(page: Page, dialog: Locator, className: string) {
  const loaded = page.waitForResponse(
    (r) => r.url().includes(`/1.1/classes/${className}?`) && r.url().includes('where=') && r.ok(),
  );
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await loaded;
  await expect(dialog).toBeHidden();
}

/** The objectIds the grid shows, in row order (objectId is a column of every class). */
export async function shownObjectIds(grid: Locator, ids: readonly string[]): Promise<string[]> {
  const shown: string[] = [];
  for (const id of ids) {
    if ((await grid.getByRole('gridcell', { name: id, exact: true }).count()) > 0) shown.push(id);
  }
  return shown;
}
