import { expect, test } from '@playwright/test';
import { stack } from '../stack';
import { api, uniqueClass } from '../support/api';
import { openClass, signIn } from '../support/console';
import { applyQuery, openQueryDialog, setCondition, shownObjectIds } from '../support/query';

test.describe('querying the data browser', () => {
  test('filters with >, matches and exists in an OR group; the URL holds the query and opens it again', async ({
    page,
    context,
  }) => {
    const className = uniqueClass('Fruit');
    const ids = await api.createMany(className, [
      { name: 'Apple', price: 5, note: 'x' },
      { name: 'Avocado', price: 20 },
      { name: 'Banana', price: 30, note: 'y' },
      { name: 'Cherry', price: 40 },
      { name: 'Apricot', price: 50, note: 'z' },
    ]);
    const [, avocado, banana, , apricot] = ids;

    await signIn(page, stack.admin.email, stack.admin.password);
    const grid = await openClass(page, className);
    const dialog = await openQueryDialog(page, className);
    await dialog.getByRole('button', { name: 'Add condition' }).click();
    await setCondition(dialog, 0, { field: 'price', operator: '>', value: '10' });
    await dialog.getByRole('button', { name: 'Add group' }).click();
    await dialog.getByRole('button', { name: 'Add condition' }).nth(1).click();
    await dialog.getByRole('button', { name: 'Add condition' }).nth(1).click();
    await setCondition(dialog, 1, { field: 'name', operator: 'matches', pattern: '^A' });
    await setCondition(dialog, 2, { field: 'note', operator: 'exists' });
    await applyQuery(page, dialog, className);

    const url = new URL(page.url());
    const where = JSON.parse(url.searchParams.get('where') ?? '{}') as Record<string, unknown>;
    expect(JSON.stringify(where)).toMatch(/"\$gt":10/);
    for (const op of ['$or', '$regex', '$exists']) expect(JSON.stringify(where)).toContain(op);

    const fromApi = (await api.find(className, where)).map((o) => o.objectId);
    expect(new Set(fromApi)).toEqual(new Set([avocado, banana, apricot]));
    await expect(grid).toHaveAttribute('aria-rowcount', String(fromApi.length + 1));
    expect(new Set(await shownObjectIds(grid, ids))).toEqual(new Set(fromApi));

    const chips = page.getByRole('region', { name: 'Active filters' });
    await expect(chips.getByText('price > 10', { exact: true })).toBeVisible();
    await expect(chips.getByText('2 conditions joined by OR', { exact: true })).toBeVisible();

    // The same address in a fresh page of the session shows the same rows and conditions.
    const again = await context.newPage();
    const loaded = again.waitForResponse((r) => r.url().includes(`/1.1/classes/${className}?`) && r.ok());
    await again.goto(page.url());
    await loaded;
    const grid2 = again.getByRole('grid', { name: className });
    await expect(grid2).toHaveAttribute('aria-rowcount', String(fromApi.length + 1));
    expect(new Set(await shownObjectIds(grid2, ids))).toEqual(new Set(fromApi));
    const chips2 = again.getByRole('region', { name: 'Active filters' });
    await expect(chips2.getByText('price > 10', { exact: true })).toBeVisible();
    await expect(chips2.getByText('2 conditions joined by OR', { exact: true })).toBeVisible();
    await again.close();
  });

  test('list values typed as a JSON array of dates filter the grid, and a wrong item is named', async ({
    page,
  }) => {
    const className = uniqueClass('Visit');
    const day = (d: number) => ({ __type: 'Date', iso: `2024-05-0${d}T09:00:00.000Z` });
    const ids = await api.createMany(className, [{ due: day(1) }, { due: day(2) }, { due: day(3) }]);

    await signIn(page, stack.admin.email, stack.admin.password);
    const grid = await openClass(page, className);
    const dialog = await openQueryDialog(page, className);
    await dialog.getByRole('button', { name: 'Add condition' }).click();
    await dialog.getByRole('combobox', { name: /^Field/ }).click();
    await page.getByRole('option', { name: 'due', exact: true }).click();
    await dialog.getByRole('combobox', { name: /^Operator/ }).click();
    await page.getByRole('option', { name: 'is one of', exact: true }).click();
    const values = dialog.getByRole('textbox', { name: 'Values (JSON array)' });
    await values.fill('["2024-05-01T09:00:00.000Z", "soon"]');
    await expect(dialog.getByText(/Item 2 is not a date/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await values.fill(`["2024-05-01T09:00:00.000Z", ${JSON.stringify(day(3))}]`);
    await applyQuery(page, dialog, className);

    const where = JSON.parse(new URL(page.url()).searchParams.get('where') ?? '{}') as unknown;
    expect(where).toEqual({ due: { $in: [day(1), day(3)] } });
    const fromApi = (await api.find(className, where)).map((o) => o.objectId);
    expect(new Set(fromApi)).toEqual(new Set([ids[0], ids[2]]));
    await expect(grid).toHaveAttribute('aria-rowcount', '3');
    expect(new Set(await shownObjectIds(grid, ids))).toEqual(new Set(fromApi));

    // The dialog opened again from the address shows the list in its encoded form.
    const chips = page.getByRole('region', { name: 'Active filters' });
    await expect(
      chips.getByText('due is one of [2024-05-01T09:00:00.000Z, 2024-05-03T09:00:00.000Z]', { exact: true }),
    ).toBeVisible();
    await chips.getByRole('button', { name: 'Filter', exact: true }).click();
    const again = page.getByRole('dialog', { name: `Query ${className}` });
    await expect(again.getByRole('textbox', { name: 'Values (JSON array)' })).toHaveValue(
      JSON.stringify([day(1), day(3)]),
    );
  });

  test('scrolling a sort on a field with ties, nulls and missing values reads each block where the last ended', async ({
    page,
  }) => {
    const className = uniqueClass('Ranked');
    // Three blocks of 200: ranks 0..3 repeat (ties), every 7th is null, every 5th has no rank.
    const ids = await api.createMany(
      className,
      Array.from({ length: 450 }, (_, i) => (i % 5 === 0 ? { i } : { i, rank: i % 7 === 0 ? null : i % 4 })),
    );
    const expected = (await api.find(className, {}, '-rank,objectId')).map((o) => o.objectId);
    expect(new Set(expected)).toEqual(new Set(ids));

    // Every block the grid reads, with the objectId of the row its seek started after.
    const blocks: { after: string | undefined; backwards: boolean; rows: string[] }[] = [];
    page.on('response', async (r) => {
      const url = new URL(r.url());
      if (!url.pathname.endsWith(`/1.1/classes/${className}`) || url.searchParams.get('limit') !== '200')
        return;
      const body = (await r.json()) as { results: { objectId: string }[] };
      const backwards = url.searchParams.get('order') === 'rank,-objectId';
      const rows = body.results.map((o) => o.objectId);
      const where = url.searchParams.get('where') ?? '';
      const after = /"objectId":\{"\$[gl]t":"([^"]+)"\}/.exec(where)?.[1];
      blocks.push({ after, backwards, rows: backwards ? rows.reverse() : rows });
    });

    await signIn(page, stack.admin.email, stack.admin.password);
    const loaded = page.waitForResponse((r) => r.url().includes(`/1.1/classes/${className}?`) && r.ok());
    await page.goto(`/apps/default/data/${className}?order=-rank`);
    await loaded;
    const grid = page.getByRole('grid', { name: className });
    await expect(grid).toHaveAttribute('aria-rowcount', '451');
    await grid.hover();
    const seen = () => new Set(blocks.flatMap((b) => b.rows)).size;
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 3000);
        return seen();
      })
      .toBe(450);

    // Each block is a run of the API's own order, and a seek starts right after its cursor row.
    const seeks = blocks.filter((b) => b.after !== undefined && !b.backwards);
    expect(seeks.length).toBeGreaterThan(0);
    for (const block of blocks) {
      const start = expected.indexOf(block.rows[0]!);
      expect(block.rows).toEqual(expected.slice(start, start + block.rows.length));
      if (block.after !== undefined && !block.backwards)
        expect(start).toBe(expected.indexOf(block.after) + 1);
    }
  });

  test('a pointer pill opens the target class filtered to the object', async ({ page }) => {
    const target = uniqueClass('Shelf');
    const source = uniqueClass('Box');
    const [, shelf] = await api.createMany(target, [
      { label: 'top' },
      { label: 'bottom' },
      { label: 'left' },
    ]);
    await api.create(source, { shelf: { __type: 'Pointer', className: target, objectId: shelf } });

    await signIn(page, stack.admin.email, stack.admin.password);
    const grid = await openClass(page, source);
    const loaded = page.waitForResponse((r) => r.url().includes(`/1.1/classes/${target}?`) && r.ok());
    await grid.getByRole('link', { name: `Open ${target} ${shelf}` }).click();
    await loaded;

    const targetGrid = page.getByRole('grid', { name: target });
    await expect(targetGrid).toHaveAttribute('aria-rowcount', '2');
    await expect(targetGrid.getByRole('gridcell', { name: 'bottom', exact: true })).toBeVisible();
    await expect(targetGrid.getByRole('gridcell', { name: shelf!, exact: true })).toBeVisible();
    expect(JSON.parse(new URL(page.url()).searchParams.get('where') ?? '{}')).toEqual({ objectId: shelf });
    await expect(
      page.getByRole('region', { name: 'Active filters' }).getByText(`objectId equals "${shelf}"`),
    ).toBeVisible();
  });
});
