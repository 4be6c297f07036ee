import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { json, stubFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { ExportDataDialog } from './ExportDataDialog';

const API = '/api/apps/default/1.1';

describe('ExportDataDialog', () => {
  it('starts the task for the chosen classes, follows it, and offers the download when done', async () => {
    let polls = 0;
    const { calls } = stubFetch({
      [`POST ${API}/exportData`]: () => json(200, { status: 'running', id: 't1', app_id: 'a' }),
      [`GET ${API}/exportData/t1`]: () =>
        ++polls < 2
          ? json(200, { status: 'running', id: 't1', app_id: 'a' })
          : json(200, { status: 'done', id: 't1', app_id: 'a', download_url: 'https://api.test/dl?token=x' }),
    });
    const { user } = renderWithProviders(
      <ExportDataDialog app="default" className="Product" onClose={() => {}} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Export the app’s data' });
    const classes = within(dialog).getByRole('textbox', { name: /Classes/ });
    await user.clear(classes);
    await user.type(classes, 'Product, Review');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Only the schema' }));
    await user.click(within(dialog).getByRole('button', { name: 'Start the export' }));
    expect(await within(dialog).findByText('Exporting… (task t1)')).toBeInTheDocument();
    const link = await within(dialog).findByRole('link', { name: 'Download' }, { timeout: 6000 });
    expect(link).toHaveAttribute('href', 'https://api.test/dl?token=x');
    expect(within(dialog).getByText('The export is ready.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      classes: 'Product,Review',
      'only-schema': 'true',
    });
  }, 15_000);
});
