import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { consoleError, json, stubFetch } from '../../../../test/fetch';
import type { StubHandler } from '../../../../test/fetch';
import { renderRoutes, testQueryClient } from '../../../../test/render';
import { capabilityKeys } from '../../../../lib/api/capabilities';
import { useClassStats } from '../../api/get-class-stats';
import { useSchemas } from '../../api/get-schemas';
import { ClassHeaderActions } from './ClassHeaderActions';
import { API, capabilities, capabilitiesBody, schemas, sessionBody, sessionWith, stats } from './fixtures';

const routes = [
  { path: '/apps/:app/data', element: <p>Data home</p> },
  { path: '/apps/:app/data/Product', element: <ClassHeaderActions app="default" className="Product" /> },
];

function stub(extra: Record<string, StubHandler> = {}, permissions = ['schema.read', 'schema.write']) {
  return stubFetch({
    'GET /api/session': sessionWith(permissions),
    'GET /api/apps/default/capabilities': capabilities(true),
    [`GET ${API}/schemas`]: () => json(200, schemas),
    [`GET ${API}/schemas/Product/permissions`]: () => json(200, { permissions: {} }),
    ...extra,
  });
}

describe('deleting a class', () => {
  it('asks for the class name typed out, deletes and leaves the class page', async () => {
    const { calls } = stub({ [`DELETE ${API}/schemas/Product`]: () => json(200, {}) });
    const { user, router } = renderRoutes(routes, '/apps/default/data/Product');
    await user.click(await screen.findByRole('button', { name: 'Delete class' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the class Product?' });
    const submit = within(dialog).getByRole('button', { name: 'Delete the class' });
    const confirm = within(dialog).getByRole('textbox', { name: 'Type Product to confirm' });
    await user.type(confirm, 'product');
    expect(submit).toBeDisabled();
    await user.clear(confirm);
    await user.type(confirm, 'Product');
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/apps/default/data'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual([
      `${API}/schemas/Product`,
    ]);
  }, 20_000);

  it('goes back to the class list even when the page loses the class before the answer is read', async () => {
    let deleted = false;
    const withoutProduct = Object.fromEntries(Object.entries(schemas).filter(([name]) => name !== 'Product'));
    stub({
      [`GET ${API}/schemas`]: () => json(200, deleted ? withoutProduct : schemas),
      // The counts come back after the page has drawn the class list without Product, as they
      // may in a browser: the class page, and the dialog with it, are gone by then.
      [`GET ${API}/switchboard/class-stats`]: async (req) => {
        if (deleted)
          await waitFor(() => expect(screen.queryByText(/no class called Product|Data home/)).not.toBeNull());
        return stats(req);
      },
      [`DELETE ${API}/schemas/Product`]: () => {
        deleted = true;
        return json(200, {});
      },
    });
    // As the class page does: the actions show only while the schema has the class, and the
    // class list beside it shows the counts.
    function ClassPage() {
      const fields = useSchemas('default').data?.Product;
      useClassStats('default');
      return fields ? (
        <ClassHeaderActions app="default" className="Product" />
      ) : (
        <p>no class called Product</p>
      );
    }
    const { user, router } = renderRoutes(
      [routes[0]!, { path: '/apps/:app/data/Product', element: <ClassPage /> }],
      '/apps/default/data/Product',
    );
    await user.click(await screen.findByRole('button', { name: 'Delete class' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the class Product?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Type Product to confirm' }), 'Product');
    await user.click(within(dialog).getByRole('button', { name: 'Delete the class' }));
    expect(await screen.findByText('Data home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/apps/default/data');
  }, 20_000);

  it('shows the refusal and stays', async () => {
    stub({
      [`DELETE ${API}/schemas/Product`]: () =>
        consoleError(403, 'forbidden', 'Your role in this app (viewer) does not allow this.'),
    });
    const { user, router } = renderRoutes(routes, '/apps/default/data/Product');
    await user.click(await screen.findByRole('button', { name: 'Delete class' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Product');
    await user.click(within(dialog).getByRole('button', { name: 'Delete the class' }));
    expect(await within(dialog).findByText(/does not allow this/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/apps/default/data/Product');
  }, 20_000);
});

describe('the schema drawer', () => {
  it('lists fields with types and targets; adds a Pointer field only with a target class', async () => {
    const { calls } = stub({
      [`PUT ${API}/schemas/Product`]: () => json(200, { className: 'Product', fields: {} }),
    });
    const { user } = renderRoutes(routes, '/apps/default/data/Product');
    await user.click(await screen.findByRole('button', { name: 'Schema' }));
    const drawer = await screen.findByRole('dialog', { name: 'Fields of Product' });
    const seller = within(drawer).getByRole('rowheader', { name: 'seller' }).closest('tr')!;
    expect(within(seller as HTMLElement).getByText('Pointer')).toBeInTheDocument();
    expect(within(seller as HTMLElement).getByText('_User')).toBeInTheDocument();
    const objectId = within(drawer)
      .getByRole('rowheader', { name: /objectId/ })
      .closest('tr')!;
    expect(within(objectId as HTMLElement).getByText('Built in')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Delete field objectId' })).not.toBeInTheDocument();

    const form = within(drawer).getByRole('form', { name: 'Add field' });
    await user.type(within(form).getByRole('textbox', { name: 'Field name' }), 'maker');
    await user.click(within(form).getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Pointer' }));
    await user.click(within(form).getByRole('button', { name: 'Add field' }));
    expect(within(form).getByText('Choose the class it points to.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.click(within(form).getByRole('combobox', { name: 'Target class' }));
    await user.click(screen.getByRole('option', { name: '_User' }));
    await user.click(within(form).getByRole('button', { name: 'Add field' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      fields: { maker: { type: 'Pointer', targetClass: '_User' } },
    });
  }, 20_000);

  it('says a 200-character field name is too long, and warns of a name differing only in case', async () => {
    const { calls } = stub();
    const { user } = renderRoutes(routes, '/apps/default/data/Product');
    await user.click(await screen.findByRole('button', { name: 'Schema' }));
    const drawer = await screen.findByRole('dialog', { name: 'Fields of Product' });
    const form = within(drawer).getByRole('form', { name: 'Add field' });
    const name = within(form).getByRole('textbox', { name: 'Field name' });
    await user.click(name);
    await user.paste('a'.repeat(200));
    await user.click(within(form).getByRole('button', { name: 'Add field' }));
    expect(
      within(form).getByText('A field name has at most 128 characters; this one has 200.'),
    ).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'createdat');
    expect(
      within(form).getByText(/The class has a field called “createdAt”: “createdat” would be another field/),
    ).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Name');
    expect(within(form).getByText(/field called “name”/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  }, 20_000);

  it('deletes a field after confirmation', async () => {
    const { calls } = stub({
      [`PUT ${API}/schemas/Product`]: () => json(200, { className: 'Product', fields: {} }),
    });
    const { user } = renderRoutes(routes, '/apps/default/data/Product');
    await user.click(await screen.findByRole('button', { name: 'Schema' }));
    const drawer = await screen.findByRole('dialog', { name: 'Fields of Product' });
    await user.click(within(drawer).getByRole('button', { name: 'Delete field name' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete the field name?' });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete the field' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete the field name?' })).not.toBeInTheDocument(),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ fields: { name: { __op: 'Delete' } } });
  }, 20_000);

  it('is read-only without schema.write: no delete, no field changes', async () => {
    stub({}, ['schema.read']);
    // Known before the first render, so an absent button means refused, not not-yet-loaded.
    const queryClient = testQueryClient();
    queryClient.setQueryData(['auth', 'session'], sessionBody(['schema.read']));
    queryClient.setQueryData(capabilityKeys.app('default'), capabilitiesBody(true));
    const { user } = renderRoutes(routes, '/apps/default/data/Product', queryClient);
    await user.click(await screen.findByRole('button', { name: 'Schema' }));
    const drawer = await screen.findByRole('dialog', { name: 'Fields of Product' });
    expect(within(drawer).getByRole('rowheader', { name: 'seller' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('form', { name: 'Add field' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /Delete field/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete class' })).not.toBeInTheDocument();
  });
});
