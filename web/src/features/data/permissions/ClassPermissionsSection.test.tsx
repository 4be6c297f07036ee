import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { json, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { API, capabilities, sessionWith } from '../components/classes/fixtures';
import { ClassPermissionsSection } from './ClassPermissionsSection';

const routes = [
  {
    path: '/apps/:app/data/Product',
    element: <ClassPermissionsSection app="default" className="Product" canWrite />,
  },
];

const stamps = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

function stub(permissions: unknown) {
  return stubFetch({
    'GET /api/session': sessionWith(['schema.read', 'schema.write', 'users.read', 'roles.read']),
    'GET /api/apps/default/capabilities': capabilities(true),
    [`GET ${API}/schemas/Product/permissions`]: () => json(200, { permissions }),
    [`GET ${API}/users`]: () => json(200, { results: [{ ...stamps, objectId: 'u1', username: 'alice' }] }),
    [`GET ${API}/roles`]: () => json(200, { results: [{ ...stamps, objectId: 'r1', name: 'Staff' }] }),
    [`PUT ${API}/schemas/Product`]: () => json(200, { className: 'Product' }),
  });
}

describe('class permissions', () => {
  it('says who may do each operation, naming users by username', async () => {
    stub({
      create: { onlySignInUsers: true },
      update: { users: ['u1'], roles: ['Staff'] },
      delete: { users: [], roles: [] },
      find: { '*': true, roles: ['Ignored'] },
    });
    renderRoutes(routes, '/apps/default/data/Product');
    const list = await screen.findByRole('list', { name: 'Class permissions' });
    expect(within(list).getByText('Create: logged-in users only')).toBeInTheDocument();
    expect(await within(list).findByText('Update: user alice and role Staff')).toBeInTheDocument();
    expect(within(list).getByText('Delete: nobody (master key only)')).toBeInTheDocument();
    expect(within(list).getByText('Find: everyone')).toBeInTheDocument();
    expect(within(list).getByText('Get: everyone')).toBeInTheDocument();
  });

  it('restricts create to a role picked from the app’s roles and to a user found by name', async () => {
    const { calls } = stub({});
    const { user } = renderRoutes(routes, '/apps/default/data/Product');
    await user.click(await screen.findByRole('button', { name: 'Change who may Create' }));
    const dialog = screen.getByRole('dialog', { name: 'Create: who may do it' });
    await user.click(within(dialog).getByRole('radio', { name: 'Only these users and roles' }));
    expect(within(dialog).getByText('Nobody listed: only the master key may do this.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('combobox', { name: 'Add a role (name)' }), 'Staff');
    const add = within(dialog).getByRole('button', { name: 'Add' });
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    await user.click(within(dialog).getByRole('combobox', { name: 'Add a user' }));
    await user.click(await screen.findByRole('option', { name: 'alice (u1)' }));
    expect(within(dialog).getByRole('button', { name: 'Remove user alice' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Remove role Staff' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { permissions: { create: { users: ['u1'], roles: ['Staff'] } } },
    ]);
  }, 20_000);

  it('opens an operation back to everyone, dropping the listed names', async () => {
    const { calls } = stub({ update: { users: ['u1'], roles: ['Staff'] } });
    const { user } = renderRoutes(routes, '/apps/default/data/Product');
    await user.click(await screen.findByRole('button', { name: 'Change who may Update' }));
    const dialog = screen.getByRole('dialog', { name: 'Update: who may do it' });
    expect(within(dialog).getByRole('radio', { name: 'Only these users and roles' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Everyone' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ permissions: { update: { '*': true } } });
  }, 20_000);
});
