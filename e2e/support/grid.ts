import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/** The cell of `field` in the row of `objectId` (the grid is virtual: both must be on screen). */
export async function cellOf(grid: Locator, objectId: string, field: string): Promise<Locator> {
  const header = grid.getByRole('columnheader', { name: new RegExp(`^${field}\\b`) });
  const index = await header.getAttribute('aria-colindex');
  const row = grid
    .getByRole('row')
    .filter({ has: grid.page().getByRole('gridcell', { name: objectId, exact: true }) });
  return row.locator(`[role="gridcell"][aria-colindex="${index}"]`);
}

/** Opens the cell's editor with a double click, as a person would. */
export async function openCellEditor(grid: Locator, objectId: string, field: string): Promise<Locator> {
  await (await cellOf(grid, objectId, field)).dblclick();
  const dialog = grid.page().getByRole('dialog', { name: new RegExp(`^Edit ${field} · ${objectId}`) });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Waits for the next write the console sends to the API server through the BFF. */
export const nextWrite = (page: Page) =>
  page.waitForResponse((r) => r.url().includes('/1.1/') && r.request().method() !== 'GET');
