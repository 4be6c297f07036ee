import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { RolePage } from './RolePage';
import { RolesPage } from './RolesPage';
import { fakeRolesApi } from './fake-roles-api';

const routes = [
  { path: '/apps/:app/roles', element: <RolesPage /> },
  { path: '/apps/:app/roles/:objectId', element: <RolePage /> },
];

function setup() {
  const roles = [
    { objectId: 'a', name: 'Staff', roles: ['b'], users: [] },
    { objectId: 'b', name: 'Editors', roles: [], users: ['u1'] },
    { objectId: 'c', name: 'Guests', roles: [], users: [] },
  ];
  const users = [{ objectId: 'u1', username: 'dana' }];
  const objects = { Secret: [{ objectId: 's1', ACL: { 'role:Staff': { read: true } } }] };
  return { roles, ...stubFetch(fakeRolesApi(roles, users, objects)) };
}

describe('RolesPage', () => {
  it('lists roles with their parents and children, filters by name and draws the graph', async () => {
    setup();
    const { user } = renderRoutes(routes, '/apps/default/roles');
    const table = await screen.findByRole('table', { name: 'Roles' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Staff', '—', 'Editors'],
      ['Editors', 'Staff', '—'],
      ['Guests', '—', '—'],
    ]);
    const drawing = screen.getByRole('group', { name: /Role inheritance/ });
    expect(
      within(drawing)
        .getAllByRole('link')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Guests', 'Staff', 'Editors']);
    await user.type(screen.getByLabelText('Search roles by name'), 'edit');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    await user.clear(screen.getByLabelText('Search roles by name'));
    await user.type(screen.getByLabelText('Search roles by name'), 'zzz');
    expect(screen.getByText('No role name contains “zzz”.')).toBeInTheDocument();
  });

  it('refuses an invalid or taken name before sending, then creates the role', async () => {
    const { calls, roles } = setup();
    const { user, router } = renderRoutes(routes, '/apps/default/roles');
    await user.click(await screen.findByRole('button', { name: 'New role' }));
    const dialog = screen.getByRole('dialog', { name: 'New role' });
    const name = within(dialog).getByLabelText(/Role name/);
    await user.type(name, 'store managers');
    expect(
      within(dialog).getByText('A role name may contain only letters (A–Z, a–z), digits and underscore.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create role' }));
    await user.clear(name);
    await user.type(name, 'Staff');
    expect(within(dialog).getByText('A role named “Staff” already exists.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(name);
    await user.type(name, 'Store_Managers');
    expect(within(dialog).getByRole('checkbox', { name: 'Read for Public (everyone)' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Write for Public (everyone)' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Create role' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apps/default/roles/r4'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Store_Managers',
      ACL: { '*': { read: true } },
    });
    expect(roles).toHaveLength(4);
  }, 20_000);

  it('shows a user’s inherited roles and why an object is readable', async () => {
    setup();
    const { user } = renderRoutes(routes, '/apps/default/roles');
    await user.click(await screen.findByLabelText('User (search by username)'));
    await user.click(await screen.findByRole('option', { name: 'dana (u1)' }));
    const list = await screen.findByRole('list', { name: 'Roles of dana' });
    expect(within(list).getByText('Direct member')).toBeInTheDocument();
    expect(within(list).getByText('Inherited through Editors → Staff')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Class'), 'Secret');
    await user.type(screen.getByLabelText('Object ID'), 's1');
    await user.click(screen.getByRole('button', { name: 'Check access' }));
    const result = await screen.findByRole('list', { name: 'Access to Secret s1' });
    expect(within(result).getByText('Read: allowed')).toBeInTheDocument();
    expect(
      within(result).getByText(
        'Its ACL grants this to role:Staff, which the user has through Editors → Staff.',
      ),
    ).toBeInTheDocument();
    expect(within(result).getByText('Write: denied')).toBeInTheDocument();
  });
});
