import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { stack } from '../stack';
import { api, uniqueClass } from '../support/api';
import { openClass, signIn } from '../support/console';
import { expectedCell, parseCsv } from '../support/csv';
import { applyQuery, openQueryDialog, setCondition } from '../support/query';

test.describe('export and import', () => {
  test('the CSV of the current query holds every field and ACL of exactly the matching objects, and imports back', async ({
    page,
  }) => {
    const className = uniqueClass('Parcel');
    const acl = { '*': { read: true }, 'role:couriers': { read: true, write: true } };
    const [plainId] = await api.createMany(className, [
      {
        label: 'plain',
        weight: 1,
        sent: { __type: 'Date', iso: '2024-01-02T03:04:05.678Z' },
        fragile: true,
        ACL: acl,
      },
      { label: 'with, comma and "quotes"', weight: 2.5, tags: ['a', 'b'], fragile: false },
      { label: 'line\nbreak', weight: 3, meta: { x: 1 } },
      { label: 'light', weight: 0.5 },
    ]);

    await signIn(page, stack.admin.email, stack.admin.password);
    await openClass(page, className);
    const dialog = await openQueryDialog(page, className);
    await dialog.getByRole('button', { name: 'Add condition' }).click();
    await setCondition(dialog, 0, { field: 'weight', operator: '>', value: '0.9' });
    await applyQuery(page, dialog, className);
    const where = JSON.parse(new URL(page.url()).searchParams.get('where') ?? '{}') as unknown;

    await page.getByRole('button', { name: 'Export' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV of this query' }).click();
    const file = await (await download).path();
    const csv = await readFile(file, 'utf8');
    const [header, ...rows] = parseCsv(csv);

    const objects = await api.find(className, where);
    expect(objects).toHaveLength(3);
    expect(header).toEqual(
      expect.arrayContaining(['objectId', 'label', 'weight', 'sent', 'tags', 'meta', 'fragile', 'ACL']),
    );
    expect(rows).toHaveLength(objects.length);
    const byId = new Map(rows.map((r) => [r[header!.indexOf('objectId')], r]));
    for (const object of objects) {
      const row = byId.get(object.objectId);
      expect(row, object.objectId).toBeDefined();
      // Queries return ACLs only when asked, so the ACL column is compared with the stored ACL.
      const stored: Record<string, unknown> = { ...object, ACL: await api.acl(className, object.objectId) };
      header!.forEach((column, i) =>
        expect(row![i], `${object.objectId}.${column}`).toBe(expectedCell(stored[column])),
      );
    }
    expect(JSON.parse(byId.get(plainId)![header!.indexOf('ACL')]!)).toEqual(acl);

    // The exported file, imported back over a changed ACL, restores the exported one.
    await api.update(className, plainId!, { ACL: { '*': { read: true, write: true } } });
    const progress = page.getByRole('dialog', { name: `Exporting ${className}` });
    // One of the rows holds a line break in a quoted cell: it is still one object.
    await expect(progress.getByRole('status')).toHaveText(/^3 objects received/);
    await progress.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Import' }).click();
    const importer = page.getByRole('dialog', { name: `Import into ${className}` });
    await importer.getByLabel('Choose a file').setInputFiles({
      name: 'export.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await importer.getByRole('button', { name: 'Import 3 rows' }).click();
    await expect(importer.getByText('Created 0, updated 3.')).toBeVisible();
    expect(await api.acl(className, plainId!)).toEqual(acl);
  });

  test('a CSV file imports with a preview, and the server holds typed values', async ({ page }) => {
    const className = uniqueClass('Stock');
    // The class and its field types exist first; the file's text is read with them.
    await api.create(className, {
      item: 'seed',
      count: 1,
      due: { __type: 'Date', iso: '2024-01-01T00:00:00.000Z' },
      open: true,
    });
    const csv =
      'item,count,due,open\nPen,3,2024-05-01T10:00:00.000Z,true\n"Ink, blue",7,2024-06-01T00:30:00.000Z,false\n';

    await signIn(page, stack.admin.email, stack.admin.password);
    await openClass(page, className);
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: `Import into ${className}` });
    await dialog.getByLabel('Choose a file').setInputFiles({
      name: 'stock.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await expect(dialog.getByText('2 rows read from stock.csv.')).toBeVisible();
    const preview = dialog.getByRole('table', { name: /^Preview of the first/ });
    await expect(preview).toContainText('Pen');
    await expect(preview).toContainText('Ink, blue');

    await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
    await expect(dialog.getByText('Created 2, updated 0.')).toBeVisible();

    const stored = await api.find(className, { item: { $in: ['Pen', 'Ink, blue'] } }, 'count');
    expect(stored.map(({ item, count, due, open }) => ({ item, count, due, open }))).toEqual([
      { item: 'Pen', count: 3, due: { __type: 'Date', iso: '2024-05-01T10:00:00.000Z' }, open: true },
      { item: 'Ink, blue', count: 7, due: { __type: 'Date', iso: '2024-06-01T00:30:00.000Z' }, open: false },
    ]);
  });
});
