import { expect, test } from '@playwright/test';
import { stack } from '../stack';
import { expectNoSeriousViolations } from '../support/a11y';
import { api, uniqueClass } from '../support/api';
import { openClass, signIn } from '../support/console';
import { cellOf, nextWrite, openCellEditor } from '../support/grid';

// A zone far from UTC, so a local/UTC mix-up shows in the stored instant.
test.use({ timezoneId: 'Asia/Shanghai' });

test.describe('editing objects in the grid', () => {
  test('a Date entered in local time and an ACL are stored as entered', async ({ page }) => {
    const className = uniqueClass('Event');
    const { objectId } = await api.create(className, {
      title: 'launch',
      when: { __type: 'Date', iso: '2020-01-01T00:00:00.000Z' },
      ACL: { '*': { read: true, write: true } },
    });

    await signIn(page, stack.admin.email, stack.admin.password);
    const grid = await openClass(page, className);

    const date = await openCellEditor(grid, objectId, 'when');
    await expect(date.getByRole('button', { name: 'Local (Asia/Shanghai)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await date.getByLabel('Date and time').fill('2024-05-01T12:30');
    await expect(date.getByText('Stored as 2024-05-01T04:30:00.000Z')).toBeVisible();
    let saved = nextWrite(page);
    await date.getByRole('button', { name: 'Save' }).click();
    expect((await saved).ok()).toBe(true);
    expect((await api.get(className, objectId)).when).toEqual({
      __type: 'Date',
      iso: '2024-05-01T04:30:00.000Z',
    });

    const acl = await openCellEditor(grid, objectId, 'ACL');
    await expect(acl.getByRole('checkbox', { name: 'Read for Public (everyone)' })).toBeChecked();
    await acl.getByRole('checkbox', { name: 'Write for Public (everyone)' }).uncheck();
    // No role is called "editors": the editor says so, and adds it only when asked to anyway.
    await acl.getByLabel('Add a role (name)').fill('editors');
    await expect(acl.getByText('There is no role named “editors”', { exact: false })).toBeVisible();
    await acl.getByRole('button', { name: 'Add anyway' }).click();
    await acl.getByRole('checkbox', { name: 'Write for role:editors' }).check();
    saved = nextWrite(page);
    await acl.getByRole('button', { name: 'Save' }).click();
    expect((await saved).ok()).toBe(true);
    expect(await api.acl(className, objectId)).toEqual({
      '*': { read: true },
      'role:editors': { read: true, write: true },
    });
  });

  test('a file uploaded in a File cell is stored, saved on the object and linked from the cell', async ({
    page,
  }) => {
    const [product] = await api.find('Product', { image: { $exists: false } }, 'createdAt');
    const objectId = product!.objectId;

    await signIn(page, stack.admin.email, stack.admin.password);
    const grid = await openClass(page, 'Product');
    const editor = await openCellEditor(grid, objectId, 'image');
    const uploaded = page.waitForResponse(
      (r) => r.url().includes('/files/upload') && r.request().method() === 'POST',
    );
    await editor.locator('input[type="file"][aria-label="File to upload"]').setInputFiles({
      name: 'manual.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('how to use it'),
    });
    const response = await uploaded;
    expect(response.ok()).toBe(true);
    const file = (await response.json()) as { id: string; url: string; name: string };
    await expect(editor.getByLabel('File (JSON with __type File and id)')).toHaveValue(
      new RegExp(`"id": "${file.id}"`),
    );
    // Uploading stored the file; the object changes only on Save.
    expect((await api.get('Product', objectId)).image).toBeUndefined();

    const saved = nextWrite(page);
    await editor.getByRole('button', { name: 'Save' }).click();
    expect((await saved).ok()).toBe(true);
    expect((await api.get('Product', objectId)).image).toMatchObject({
      __type: 'File',
      id: file.id,
      name: 'manual.txt',
      url: file.url,
    });
    expect(await (await fetch(file.url)).text()).toBe('how to use it');
    const link = (await cellOf(grid, objectId, 'image')).getByRole('link', { name: 'manual.txt' });
    await expect(link).toHaveAttribute('href', file.url);
  });

  test('an edit that meets another client’s change shows it, and overwriting keeps mine', async ({
    page,
  }) => {
    const className = uniqueClass('Note');
    const { objectId } = await api.create(className, { text: 'first' });

    await signIn(page, stack.admin.email, stack.admin.password);
    const grid = await openClass(page, className);
    await expect(grid.getByRole('gridcell', { name: 'first', exact: true })).toBeVisible();

    // The other client saves while the grid still shows the old object.
    await api.update(className, objectId, { text: 'theirs' });

    const editor = await openCellEditor(grid, objectId, 'text');
    await editor.getByLabel('Text').fill('mine');
    await editor.getByRole('button', { name: 'Save' }).click();

    const conflict = page.getByRole('dialog', { name: `Someone changed ${objectId} meanwhile` });
    await expect(conflict).toBeVisible();
    const row = conflict.getByRole('row').filter({ hasText: /^text/ });
    await expect(row.getByRole('cell')).toHaveText(['text', 'mine', 'theirs', 'first']);
    expect((await api.get(className, objectId)).text).toBe('theirs');
    await expectNoSeriousViolations(page, 'conflict dialog');

    const saved = nextWrite(page);
    await conflict.getByRole('button', { name: 'Overwrite with mine' }).click();
    expect((await saved).ok()).toBe(true);
    await expect(conflict).toBeHidden();
    expect((await api.get(className, objectId)).text).toBe('mine');
  });

  test('keeping theirs leaves the other client’s value', async ({ page }) => {
    const className = uniqueClass('Note');
    const { objectId } = await api.create(className, { text: 'first' });

    await signIn(page, stack.admin.email, stack.admin.password);
    const grid = await openClass(page, className);
    await api.update(className, objectId, { text: 'theirs' });

    const editor = await openCellEditor(grid, objectId, 'text');
    await editor.getByLabel('Text').fill('mine');
    await editor.getByRole('button', { name: 'Save' }).click();
    const conflict = page.getByRole('dialog', { name: `Someone changed ${objectId} meanwhile` });
    await conflict.getByRole('button', { name: 'Keep theirs' }).click();
    await expect(conflict).toBeHidden();
    await expect(grid.getByRole('gridcell', { name: 'theirs', exact: true })).toBeVisible();
    expect((await api.get(className, objectId)).text).toBe('theirs');
  });
});
