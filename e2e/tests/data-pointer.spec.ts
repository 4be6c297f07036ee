import { expect, test } from '@playwright/test';
import { stack } from '../stack';
import { api, uniqueClass } from '../support/api';
import { openClass, signIn } from '../support/console';
import { cellOf, nextWrite } from '../support/grid';

/**
 * A pointer cell is a value to edit like any other: a double click opens its editor, and only its
 * arrow leads to the target. A pointer to an object that is not there is kept only once confirmed.
 */
test('a pointer cell edits on double click, opens its target from the arrow, and warns of a missing target', async ({
  page,
}) => {
  const target = uniqueClass('Shelf');
  const source = uniqueClass('Box');
  const [top, bottom] = await api.createMany(target, [{ label: 'top' }, { label: 'bottom' }]);
  const { objectId: box } = await api.create(source, {
    shelf: { __type: 'Pointer', className: target, objectId: top },
  });

  await signIn(page, stack.admin.email, stack.admin.password);
  const grid = await openClass(page, source);
  const sourceUrl = page.url();
  const cell = await cellOf(grid, box, 'shelf');

  // A double click on the value edits it, and does not leave the page.
  await cell.getByText(`${target} ${top}`).dblclick();
  const editor = page.getByRole('dialog', { name: new RegExp(`^Edit shelf · ${box}`) });
  await expect(editor).toBeVisible();
  expect(page.url()).toBe(sourceUrl);
  await editor.getByRole('button', { name: 'Cancel' }).click();

  // The arrow opens the target; one Back returns.
  const opened = page.waitForResponse((r) => r.url().includes(`/1.1/classes/${target}?`) && r.ok());
  await cell.getByRole('link', { name: `Open ${target} ${top}` }).click();
  await opened;
  await expect(page.getByRole('grid', { name: target })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('grid', { name: source })).toBeVisible();
  expect(page.url()).toBe(sourceUrl);

  // A target that does not exist is named and needs a confirm.
  await (await cellOf(grid, box, 'shelf')).dblclick();
  const again = page.getByRole('dialog', { name: new RegExp(`^Edit shelf · ${box}`) });
  const input = again.getByLabel(`Find a ${target} by objectId or text`);
  const save = again.getByRole('button', { name: 'Save' });
  const checked = page.waitForResponse((r) => r.url().endsWith(`/1.1/classes/${target}/doesnotexist123`));
  await input.fill('doesnotexist123');
  // The app answers a get of a missing object with 200 and {}, as LeanCloud does.
  expect(await (await checked).json()).toEqual({});
  await expect(
    again.getByText(
      `there is no ${target} with the objectId doesnotexist123: the pointer would point at nothing`,
    ),
  ).toBeVisible();
  await expect(save).toBeDisabled();
  await input.press('Enter');
  await expect(again).toBeVisible();

  // An existing one is taken at once.
  await input.fill(bottom!);
  await expect(save).toBeEnabled();
  await input.fill('doesnotexist123');
  await expect(save).toBeDisabled();
  await again.getByRole('checkbox', { name: 'Save this pointer anyway' }).check();
  const written = nextWrite(page);
  await save.click();
  expect((await written).ok()).toBe(true);
  expect((await api.get(source, box)).shelf).toEqual({
    __type: 'Pointer',
    className: target,
    objectId: 'doesnotexist123',
  });
});
