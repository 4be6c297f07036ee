import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { json, stubFetch } from '../../../../test/fetch';
import { renderRoutes } from '../../../../test/render';
import { API, capabilities, sessionWith } from './fixtures';
import { CreateClassButton } from './CreateClassButton';

const routes = [
  { path: '/apps/:app/data', element: <CreateClassButton app="default" existing={['Product']} /> },
  { path: '/apps/:app/data/:className', element: <p>Class page</p> },
];

const stamps = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

function stub() {
  return stubFetch({
    'GET /api/session': sessionWith(['schema.read', 'schema.write', 'users.read', 'roles.read']),
    'GET /api/apps/default/capabilities': capabilities(true),
    [`GET ${API}/users`]: () => json(200, { results: [{ ...stamps, objectId: 'u1', username: 'alice' }] }),
    [`GET ${API}/roles`]: () => json(200, { results: [{ ...stamps, objectId: 'r1', name: 'Staff' }] }),
    [`POST ${API}/schemas/Ticket`]: () => json(200, { className: 'Ticket', fields: {} }),
  });
}

describe('permissions of a new class', () => {
  it('starts with every operation open to everyone and sends no permissions unless changed', async () => {
    const { calls } = stub();
    const { user, router } = renderRoutes(routes, '/apps/default/data');
    await user.click(await screen.findByRole('button', { name: 'New class' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a class' });
    const list = within(dialog).getByRole('list', { name: 'Class permissions' });
    for (const op of ['Create', 'Find', 'Get', 'Update', 'Delete', 'Add fields'])
      expect(within(list).getByText(`${op}: everyone`)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Class name' }), 'Ticket');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apps/default/data/Ticket'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ fields: {} });
  }, 20_000);

  it('creates the class with create limited to a role and a user, and find to logged-in users', async () => {
    const { calls } = stub();
    const { user, router } = renderRoutes(routes, '/apps/default/data');
    await user.click(await screen.findByRole('button', { name: 'New class' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a class' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Class name' }), 'Ticket');

    await user.click(within(dialog).getByRole('button', { name: 'Change who may Create' }));
    const create = screen.getByRole('dialog', { name: 'Create: who may do it' });
    await user.click(within(create).getByRole('radio', { name: 'Only these users and roles' }));
    await user.type(within(create).getByRole('combobox', { name: 'Add a role (name)' }), 'Staff');
    const add = within(create).getByRole('button', { name: 'Add' });
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    await user.click(within(create).getByRole('combobox', { name: 'Add a user' }));
    await user.click(await screen.findByRole('option', { name: 'alice (u1)' }));
    await user.click(within(create).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).not.toBeInTheDocument());

    await user.click(within(dialog).getByRole('button', { name: 'Change who may Find' }));
    const find = screen.getByRole('dialog', { name: 'Find: who may do it' });
    await user.click(within(find).getByRole('radio', { name: 'Logged-in users only' }));
    await user.click(within(find).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(find).not.toBeInTheDocument());

    const list = within(dialog).getByRole('list', { name: 'Class permissions' });
    expect(within(list).getByText('Create: user alice and role Staff')).toBeInTheDocument();
    expect(within(list).getByText('Find: logged-in users only')).toBeInTheDocument();
    expect(within(list).getByText('Get: everyone')).toBeInTheDocument();
    // Nothing is written until the class is created.
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apps/default/data/Ticket'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        fields: {},
        permissions: { create: { users: ['u1'], roles: ['Staff'] }, find: { onlySignInUsers: true } },
      },
    ]);
  }, 30_000);

  it('keeps a permission as it was when its dialog is cancelled', async () => {
    stub();
    const { user } = renderRoutes(routes, '/apps/default/data');
    await user.click(await screen.findByRole('button', { name: 'New class' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a class' });
    await user.click(within(dialog).getByRole('button', { name: 'Change who may Delete' }));
    const del = screen.getByRole('dialog', { name: 'Delete: who may do it' });
    await user.click(within(del).getByRole('radio', { name: 'Only these users and roles' }));
    await user.click(within(del).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(del).not.toBeInTheDocument());
    expect(within(dialog).getByText('Delete: everyone')).toBeInTheDocument();
  }, 20_000);
});
