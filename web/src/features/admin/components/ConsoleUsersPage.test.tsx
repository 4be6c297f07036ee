import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { consoleError, json, stubFetch } from '../../../test/fetch';
import type { StubHandler } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { loadLanguage } from '../../../lib/i18n';
import { ConsoleUsersPage } from './ConsoleUsersPage';

const admin = {
  id: 'u1',
  email: 'admin@example.com',
  role: 'admin',
  appRoles: {},
  disabled: false,
  invited: false,
  totpEnabled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: '2026-01-02T03:04:05.000Z',
};
const dev = {
  ...admin,
  id: 'u2',
  email: 'dev@example.com',
  role: 'viewer',
  appRoles: { shop: 'developer' },
  disabled: true,
  totpEnabled: false,
  lastLoginAt: null,
};
const link = { url: '/set-password#tok123', expiresAt: '2026-01-09T00:00:00.000Z' };

function server(extra: Record<string, StubHandler> = {}) {
  return stubFetch({
    'GET /api/console-users': () => json(200, { users: [admin, dev] }),
    'GET /api/apps': () =>
      json(200, {
        apps: [
          { id: 'default', name: 'Demo store', appId: 'a1' },
          { id: 'shop', name: 'Shop', appId: 'a2' },
        ],
      }),
    ...extra,
  });
}

describe('ConsoleUsersPage', () => {
  it('lists each user with roles, status, second factor and last sign-in', async () => {
    server();
    renderWithProviders(<ConsoleUsersPage />);
    const table = await screen.findByRole('table', { name: 'Console users' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const [first, second] = rows.slice(1).map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
    expect(first?.slice(0, 5)).toEqual(['admin@example.com', 'Administrator', '—', 'Enabled', 'On']);
    expect(first?.[5]).toMatch(/^2026-01-0[12] \d\d:04:05 UTC/);
    expect(second?.slice(0, 6)).toEqual([
      'dev@example.com',
      'Viewer',
      'shop: Developer',
      'Disabled',
      'Off',
      'Never',
    ]);
  });

  it('invites a user with a role per app and shows the one-time link to copy', async () => {
    const { calls } = server({
      'POST /api/console-users': ({ body }) =>
        json(201, { user: { ...dev, id: 'u3', email: (body as { email: string }).email }, link }),
    });
    const { user } = renderWithProviders(<ConsoleUsersPage />);
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'new@example.com' } });
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: 'Role in Shop' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Operator' }));
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));

    const field = await within(dialog).findByLabelText('One-time link');
    expect(field).toHaveValue(`${window.location.origin}/set-password#tok123`);
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ email: 'new@example.com', role: 'viewer', appRoles: { shop: 'operator' } });
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/set-password#tok123`);
  }, 15_000);

  it('adds a user with a password, and shows the server’s refusal in the dialog', async () => {
    const { calls } = server({
      'POST /api/console-users': () =>
        consoleError(409, 'conflict', 'A console user with this e-mail already exists.'),
    });
    const { user } = renderWithProviders(<ConsoleUsersPage />);
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'dev@example.com' } });
    await user.click(within(dialog).getByRole('radio', { name: 'Set a password now' }));
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'long enough pass' } });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText('A console user with this e-mail already exists.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ password: 'long enough pass' });
  });

  it('states the password rule before it is typed, and a refusal once, in Chinese', async () => {
    await loadLanguage('zh-CN');
    await i18next.changeLanguage('zh-CN');
    server({
      'POST /api/console-users': () =>
        json(400, {
          code: 'validation_failed',
          message: 'use at least 12 characters',
          requestId: 'req-77',
          details: [
            {
              path: 'password',
              message: 'use at least 12 characters',
              code: 'too_short',
              params: { min: 12 },
            },
          ],
        }),
    });
    const { user } = renderWithProviders(<ConsoleUsersPage />);
    await user.click(await screen.findByRole('button', { name: '添加用户' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('邮箱'), { target: { value: 'dev@example.com' } });
    await user.click(within(dialog).getByRole('radio', { name: '现在设置密码' }));
    const password = within(dialog).getByLabelText('密码');
    expect(password).toHaveValue('');
    expect(password).toHaveAccessibleDescription('至少 12 个字符。');

    fireEvent.change(password, { target: { value: 'short' } });
    await user.click(within(dialog).getByRole('button', { name: '添加' }));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getAllByText(/12/)).toHaveLength(1);
    expect(within(alert).getByText('密码至少需要 12 个字符。')).toBeInTheDocument();
    expect(alert).not.toHaveTextContent(/use at least|Some input/);
    expect(within(alert).getByText('技术支持信息').closest('details')).toHaveTextContent('req-77');
  });

  it('asks before disabling, and shows why the server refused', async () => {
    const { calls } = server({
      'PUT /api/console-users/u1': () =>
        consoleError(409, 'conflict', 'The last administrator cannot be disabled.'),
    });
    const { user } = renderWithProviders(<ConsoleUsersPage />);
    await user.click(await screen.findByRole('button', { name: 'Actions for admin@example.com' }));
    await user.click(screen.getByRole('menuitem', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/admin@example.com will be signed out/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await within(dialog).findByText('The last administrator cannot be disabled.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ disabled: true });
  });

  it('resets a password and shows the new link', async () => {
    server({ 'POST /api/console-users/u2/password-reset': () => json(200, { user: dev, link }) });
    const { user } = renderWithProviders(<ConsoleUsersPage />);
    await user.click(await screen.findByRole('button', { name: 'Actions for dev@example.com' }));
    expect(screen.queryByRole('menuitem', { name: 'Turn off two-step sign-in' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect(await within(dialog).findByLabelText('One-time link')).toHaveValue(
      `${window.location.origin}/set-password#tok123`,
    );
  });

  it('ends a user’s sessions and clears their second factor, after asking', async () => {
    const { calls } = server({
      'DELETE /api/console-users/u1/sessions': () => json(200, { ended: 2 }),
      'DELETE /api/console-users/u1/totp': () => json(200, { user: { ...admin, totpEnabled: false } }),
    });
    const { user } = renderWithProviders(<ConsoleUsersPage />);
    await user.click(await screen.findByRole('button', { name: 'Actions for admin@example.com' }));
    await user.click(screen.getByRole('menuitem', { name: 'End sessions' }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'End sessions' }));
    expect(await within(dialog).findByText('2 sessions ended.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Actions for admin@example.com' }));
    await user.click(screen.getByRole('menuitem', { name: 'Turn off two-step sign-in' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off two-step sign-in' }));
    await expect
      .poll(() => calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname))
      .toEqual(['/api/console-users/u1/sessions', '/api/console-users/u1/totp']);
  }, 15_000);

  it('changes roles, sending only the apps given a role of their own', async () => {
    const { calls } = server({ 'PUT /api/console-users/u2': () => json(200, { user: dev }) });
    const { user } = renderWithProviders(<ConsoleUsersPage />);
    await user.click(await screen.findByRole('button', { name: 'Actions for dev@example.com' }));
    await user.click(screen.getByRole('menuitem', { name: 'Change roles' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Console-wide role' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Support' }));
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: 'Role in Shop' }));
    fireEvent.click(await screen.findByRole('option', { name: 'As the console-wide role' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect
      .poll(() => calls.find((c) => c.method === 'PUT')?.body)
      .toEqual({ role: 'support', appRoles: {} });
  }, 15_000);
});
