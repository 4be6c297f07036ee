import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { RolePage } from './RolePage';
import { fakeRolesApi } from './fake-roles-api';
import type { FakeRole } from './fake-roles-api';

const routes = [{ path: '/apps/:app/roles/:objectId', element: <RolePage /> }];

function setup(permissions?: string[]) {
  const roles: FakeRole[] = [
    { objectId: 'a', name: 'Staff', roles: ['b'], users: [] },
    { objectId: 'b', name: 'Editors', roles: [], users: ['u1'], ACL: { '*': { read: true } } },
    { objectId: 'c', name: 'Guests', roles: [], users: [] },
  ];
  const users = [
    { objectId: 'u1', username: 'dana' },
    { objectId: 'u2', username: 'eli' },
  ];
  return { roles, ...stubFetch(fakeRolesApi(roles, users, {}, permissions)) };
}

const puts = (calls: { method: string; body: unknown }[]) => calls.filter((c) => c.method === 'PUT');

describe('RolePage', () => {
  it('shows a role without any way to change it to a console role that may only read roles', async () => {
    const { calls } = setup(['roles.read', 'users.read']);
    renderRoutes(routes, '/apps/default/roles/b');
    const members = await screen.findByRole('list', { name: 'Users of Editors' });
    expect(within(members).getByText('dana')).toBeInTheDocument();
    // The role's own ACL is shown as it is stored, not in an editor.
    expect(await screen.findByText(/"\*": \{\s*"read": true\s*\}/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Add a user to this role (search by username)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Add a child role')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save access' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('adds and removes users with the search picker', async () => {
    const { calls, roles } = setup();
    const { user } = renderRoutes(routes, '/apps/default/roles/b');
    expect(await screen.findByRole('heading', { name: 'Role Editors' })).toBeInTheDocument();
    const members = await screen.findByRole('list', { name: 'Users of Editors' });
    expect(within(members).getByText('dana')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Staff' })).toHaveAttribute('href', '/apps/default/roles/a');

    await user.click(screen.getByLabelText('Add a user to this role (search by username)'));
    await user.click(await screen.findByRole('option', { name: 'eli (u2)' }));
    await waitFor(() => expect(roles[1]?.users).toEqual(['u1', 'u2']));
    expect(puts(calls)[0]?.body).toEqual({
      users: { __op: 'AddRelation', objects: [{ __type: 'Pointer', className: '_User', objectId: 'u2' }] },
    });
    expect(await screen.findByText('eli')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove dana from Editors' }));
    await waitFor(() => expect(roles[1]?.users).toEqual(['u2']));
    await waitFor(() => expect(screen.queryByText('dana')).not.toBeInTheDocument());
  });

  it('refuses a child role that would make a loop and adds a safe one', async () => {
    const { calls, roles } = setup();
    const { user } = renderRoutes(routes, '/apps/default/roles/b');
    await screen.findByRole('heading', { name: 'Role Editors' });

    await user.click(screen.getByLabelText('Add a child role'));
    await user.click(await screen.findByRole('option', { name: 'Staff' }));
    expect(
      await screen.findByText(
        'Staff cannot become a child role of Editors: it would make a loop (Editors → Staff → Editors), and every role on it would get the permissions of all the others.',
      ),
    ).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);

    await user.click(screen.getByLabelText('Add a child role'));
    await user.click(await screen.findByRole('option', { name: 'Guests' }));
    await waitFor(() => expect(roles[1]?.roles).toEqual(['c']));
    expect(puts(calls)[0]?.body).toEqual({
      roles: { __op: 'AddRelation', objects: [{ __type: 'Pointer', className: '_Role', objectId: 'c' }] },
    });
    const children = await screen.findByRole('list', { name: 'Child roles of Editors' });
    expect(within(children).getByRole('link', { name: 'Guests' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove child role Guests from Editors' }));
    await waitFor(() => expect(roles[1]?.roles).toEqual([]));
  });

  it('edits who may read and change the role with the ACL editor', async () => {
    const { roles } = setup();
    roles[1]!.ACL = { '*': { read: true } };
    const { user } = renderRoutes(routes, '/apps/default/roles/b');
    const section = await screen.findByRole('region', { name: 'Who may read and change this role' });
    const publicWrite = await within(section).findByRole('checkbox', { name: 'Write for Public (everyone)' });
    expect(within(section).getByRole('checkbox', { name: 'Read for Public (everyone)' })).toBeChecked();
    await user.click(publicWrite);
    expect(within(section).getByText(/any user could add themselves/)).toBeInTheDocument();
    await user.click(within(section).getByRole('checkbox', { name: 'Write for Public (everyone)' }));
    await user.type(within(section).getByLabelText('Add a role (name)'), 'Staff');
    const add = within(section).getByRole('button', { name: 'Add' });
    // Enabled once the app has said a role of that name exists.
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    await user.click(within(section).getByRole('button', { name: 'Save access' }));
    await waitFor(() => expect(roles[1]?.ACL).toEqual({ '*': { read: true }, 'role:Staff': { read: true } }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Saved.');
  });

  it('deletes the role once its name is typed out, and shows all roles', async () => {
    const { roles, calls } = setup();
    const { user, router } = renderRoutes(
      [...routes, { path: '/apps/:app/roles', element: <p>All roles page</p> }],
      '/apps/default/roles/c',
    );
    await user.click(await screen.findByRole('button', { name: 'Delete role' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the role Guests?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete the role' });
    await user.type(within(dialog).getByLabelText('Type Guests to confirm'), 'guests');
    expect(confirm).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Type Guests to confirm'));
    await user.type(within(dialog).getByLabelText('Type Guests to confirm'), 'Guests');
    await user.click(confirm);
    expect(await screen.findByText('All roles page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/apps/default/roles');
    expect(roles.map((r) => r.name)).toEqual(['Staff', 'Editors']);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual([
      '/api/apps/default/1.1/roles/c',
    ]);
  });

  it('offers no deletion to a console role that may only read roles', async () => {
    setup(['roles.read', 'users.read']);
    renderRoutes(routes, '/apps/default/roles/b');
    await screen.findByRole('heading', { name: 'Role Editors' });
    expect(screen.queryByRole('button', { name: 'Delete role' })).not.toBeInTheDocument();
  });

  it('says when the role does not exist', async () => {
    setup();
    renderRoutes(routes, '/apps/default/roles/nope');
    expect(await screen.findByText('This app has no role with the object ID nope.')).toBeInTheDocument();
  });
});
