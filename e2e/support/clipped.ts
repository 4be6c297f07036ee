import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

/** Labels, buttons, headings and the pager: text a person must read whole. */
const LABELS = [
  '.MuiInputLabel-root',
  '.MuiFormLabel-root',
  '.MuiFormControlLabel-label',
  '.MuiFormHelperText-root',
  '.MuiButton-root',
  '.MuiTab-root',
  '.MuiChip-label',
  '.MuiTableCell-head',
  '.MuiTablePagination-root *',
  '.MuiSelect-select',
  '.MuiAlertTitle-root',
  '.MuiDialogTitle-root',
  '.MuiListItemText-primary',
].join(', ');

/**
 * Attaches a screenshot of the page to the test, then fails naming every visible label whose text
 * is cut off: wider than its box where the box hides what overflows (an ellipsis or a clip).
 */
export async function expectNoClippedLabels(page: Page, name: string): Promise<void> {
  await test.info().attach(`${name}.png`, { body: await page.screenshot(), contentType: 'image/png' });
  const clipped = await page.evaluate((selector) => {
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const text = el.innerText?.trim();
      if (!text || el.getClientRects().length === 0) continue;
      const style = getComputedStyle(el);
      const hides = style.textOverflow === 'ellipsis' || style.overflowX !== 'visible';
      // One pixel of slack: widths are rounded to whole pixels.
      if (hides && el.scrollWidth > el.clientWidth + 1) {
        found.push(`${text} (${el.scrollWidth}px in ${el.clientWidth}px)`);
      }
    }
    return found;
  }, LABELS);
  expect(clipped, `cut-off labels on ${name}`).toEqual([]);
}
