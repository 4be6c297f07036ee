import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Acl } from '@switchboard/shared';
import { json, stubFetch } from '../../test/fetch';
import type { StubRequest } from '../../test/fetch';
import { renderWithProviders } from '../../test/render';
import { AclEditor } from './AclEditor';

const BASE = '/api/apps/default/1.1';
const stamp = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const USERS = [
  { objectId: 'u1', username: 'dana' },
  { objectId: 'u2', username: 'erin' },
];
const ROLES = ['Admins', 'Moderators'];

type Where = Record<string, unknown> & { $or?: Record<string, { $regex: string }>[] };
const whereOf = (req: StubRequest) => JSON.parse(req.url.searchParams.get('where') ?? '{}') as Where;
/** The app's /1.1/users and /1.1/roles, answering the queries the editor makes as the server would. */
function stubApp() {
  return stubFetch({
    [`GET ${BASE}/users`]: (req) => {
      const w = whereOf(req) as { objectId?: { $in: string[] }; $or?: { username?: { $regex: string } }[] };
      const prefix =
        w.$or
          ?.find((c) => c.username)
          ?.username?.$regex.slice(1)
          .toLowerCase() ?? '';
      const found = w.objectId
        ? USERS.filter((u) => w.objectId?.$in.includes(u.objectId))
        : USERS.filter((u) => u.username.startsWith(prefix));
      return json(200, { results: found.map((u) => ({ ...u, ...stamp })) });
    },
    [`GET ${BASE}/roles`]: (req) => {
      const w = whereOf(req) as { name?: { $regex: string }; $or?: { name: { $regex: string } }[] };
      const patterns = (w.$or?.map((c) => c.name) ?? (w.name ? [w.name] : [])).map(
        (n) => new RegExp(n.$regex, 'i'),
      );
      const found = ROLES.filter((name) => patterns.length === 0 || patterns.some((p) => p.test(name)));
      return json(200, { results: found.map((name, i) => ({ objectId: `r${i}`, name, ...stamp })) });
    },
  });
}

function renderEditor(value: Acl | undefined) {
  const onChange = vi.fn<(acl: Acl) => void>();
  const view = renderWithProviders(<AclEditor app="default" value={value} onChange={onChange} />);
  return { ...view, onChange, last: () => onChange.mock.calls.at(-1)?.[0] };
}

describe('AclEditor', { timeout: 20_000 }, () => {
  it('shows an object without an ACL as what it is: anyone reads and writes', () => {
    stubApp();
    renderEditor(undefined);
    expect(screen.getByText(/Stored without an ACL: anyone can read and write/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Read for Public (everyone)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Write for Public (everyone)' })).toBeChecked();
    expect(screen.getByText('Anyone can change or delete it.')).toBeInTheDocument();
  });

  it('says an ACL naming nobody leaves the object to the master key', () => {
    stubApp();
    renderEditor({});
    expect(
      screen.getByText(/only the master key \(this console\) can read or change it/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Stored without an ACL/)).not.toBeInTheDocument();
  });

  it('names users by username, keeps their objectId, and marks ids and roles the app does not have', async () => {
    stubApp();
    const { user, last } = renderEditor({
      u1: { read: true },
      ghost9: { read: true },
      'role:Admins': { write: true },
    });
    expect(await screen.findByRole('checkbox', { name: 'Read for dana (u1)' })).toBeChecked();
    const ghost = screen.getByText('ghost9').closest('tr') as HTMLElement;
    expect(within(ghost).getByText(/no such user/)).toBeInTheDocument();
    expect(screen.getByText('role:Admins').closest('tr')).not.toHaveTextContent(/no such role/);

    await user.click(screen.getByRole('combobox', { name: 'Add a user (search by username)' }));
    await user.click(await screen.findByRole('option', { name: 'erin (u2)' }));
    expect(await screen.findByRole('checkbox', { name: 'Read for erin (u2)' })).toBeChecked();
    expect(last()).toEqual({
      u1: { read: true },
      ghost9: { read: true },
      'role:Admins': { write: true },
      u2: { read: true },
    });
  });

  it('warns of a role name the app does not have and offers the one differing only in case', async () => {
    stubApp();
    const { user, last } = renderEditor({ '*': { read: true } });
    const role = screen.getByRole('combobox', { name: 'Add a role (name)' });
    await user.type(role, 'moderators');
    const warning = await screen.findByText(/There is no role named “moderators”/);
    expect(warning).toHaveTextContent('Did you mean “Moderators”?');
    expect(screen.getByRole('button', { name: 'Add anyway' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Use Moderators' }));
    expect(await screen.findByRole('checkbox', { name: 'Read for role:Moderators' })).toBeChecked();
    expect(last()).toEqual({ '*': { read: true }, 'role:Moderators': { read: true } });

    await user.type(role, 'Editors');
    await user.click(await screen.findByRole('button', { name: 'Add anyway' }));
    const added = (await screen.findByText('role:Editors')).closest('tr') as HTMLElement;
    expect(await within(added).findByText(/no such role/)).toBeInTheDocument();

    await user.type(role, 'Admins');
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('checkbox', { name: 'Read for role:Admins' })).toBeChecked();
    expect(screen.queryByText(/There is no role named/)).not.toBeInTheDocument();
  });
});
