import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { json, stubFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { ImportDialog } from './ImportDialog';

const API = '/api/apps/default/1.1';
const fields = {
  objectId: { type: 'String' },
  createdAt: { type: 'Date' },
  updatedAt: { type: 'Date' },
  name: { type: 'String' },
  price: { type: 'Number' },
};

const csv = ['objectId,name,price,colour', 'p1,Kettle,30,red', ',Mug,4.5,', ',Spoon,cheap,steel', ''].join(
  '\n',
);

describe('ImportDialog', () => {
  it('previews with bad cells marked, writes the good rows and lists the rest', async () => {
    const { calls } = stubFetch({
      [`GET ${API}/classes/Product`]: () =>
        json(200, { results: [{ objectId: 'p1', createdAt: 'x', updatedAt: 'x' }] }),
      [`POST ${API}/batch`]: (req) =>
        json(
          200,
          (req.body as { requests: unknown[] }).requests.map(() => ({ success: { objectId: 'new' } })),
        ),
    });
    const { user } = renderWithProviders(
      <ImportDialog app="default" className="Product" fields={fields} onClose={() => {}} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Import into Product' });
    await user.upload(
      within(dialog).getByLabelText('Choose a file'),
      new File([csv], 'products.csv', { type: 'text/csv' }),
    );
    expect(await within(dialog).findByText('3 rows read from products.csv.')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Field: colour' })).toHaveTextContent(
      'colour (new field)',
    );
    const preview = within(dialog).getByRole('table', { name: 'Preview of the first 3 rows' });
    const invalid = within(preview)
      .getAllByRole('cell')
      .filter((c) => c.getAttribute('aria-invalid') === 'true');
    expect(invalid.map((c) => c.textContent)).toEqual([
      'cheapa decimal number is expected, such as 12, -3.5 or 1e6 (not hex such as 0x10)',
    ]);
    expect(within(dialog).getByText(/1 row has values that do not fit/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Import 2 rows' }));
    expect(await within(dialog).findByText('Created 1, updated 1.')).toBeInTheDocument();
    const failures = within(dialog).getByRole('list', { name: '1 row was not imported:' });
    expect(
      within(failures)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Row 3: price: a decimal number is expected, such as 12, -3.5 or 1e6 (not hex such as 0x10)']);
    const batch = calls.find((c) => c.method === 'POST')?.body;
    expect(batch).toEqual({
      requests: [
        {
          method: 'PUT',
          path: '/1.1/classes/Product/p1',
          body: { name: 'Kettle', price: 30, colour: 'red' },
        },
        { method: 'POST', path: '/1.1/classes/Product', body: { name: 'Mug', price: 4.5 } },
      ],
    });
  });

  it('says why a file cannot be read', async () => {
    stubFetch({});
    const { user } = renderWithProviders(
      <ImportDialog app="default" className="Product" fields={fields} onClose={() => {}} />,
    );
    await user.upload(
      screen.getByLabelText('Choose a file'),
      new File(['{"a":1}\nnot json\n'], 'rows.jsonl'),
    );
    expect(
      await screen.findByText('Could not read rows.jsonl: Line 2 is not valid JSON.'),
    ).toBeInTheDocument();
  });
});
