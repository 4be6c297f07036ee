import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { json, stubFetch } from '../../../test/fetch';
import type { StubHandler } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { capabilities, sessionWith, usersRoutes } from './test-routes';

const ADMIN_WRITE = ['users.read', 'users.write'];
const alice = {
  objectId: 'u1',
  username: 'alice',
  email: 'alice@example.com',
  emailVerified: false,
  mobilePhoneNumber: '+8613800000001',
  mobilePhoneVerified: true,
  nickname: 'ALICE',
  authData: { weixin: { openid: 'wx-1', access_token: 'token-1' } },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};
const updated = () => json(200, { objectId: 'u1', updatedAt: '2026-01-03T00:00:00.000Z' });
const userPath = 'GET /api/apps/default/1.1/users/u1';

function server(permissions: string[], extra: Record<string, StubHandler> = {}, ours = true) {
  return stubFetch({
    ...sessionWith(permissions),
    ...capabilities(ours),
    [userPath]: () => json(200, alice),
    ...extra,
  });
}

const open = () => renderRoutes(usersRoutes, '/apps/default/users/u1');

describe('UserPage', { timeout: 30_000 }, () => {
  it('shows the account with its verification states, linked platforms and custom fields', async () => {
    server(ADMIN_WRITE);
    open();
    expect(await screen.findByRole('heading', { name: 'alice' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail verification: Not verified')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone verification: Verified')).toBeInTheDocument();
    const linked = screen.getByRole('list', { name: 'Linked accounts' });
    expect(linked).toHaveTextContent('weixin');
    expect(linked).toHaveTextContent('wx-1');
    expect(linked).not.toHaveTextContent('token-1');
    const custom = screen.getByRole('table', { name: 'Custom fields' });
    expect(within(custom).getByRole('rowheader', { name: 'nickname' })).toBeInTheDocument();
    const edit = screen.getByRole('link', { name: 'Edit fields in the data browser' });
    expect(edit.getAttribute('href')).toBe(
      `/apps/default/data/_User?where=${encodeURIComponent('{"objectId":"u1"}')}`,
    );
  });

  it('sets a new password with the master key once typed twice alike', async () => {
    const { calls } = server(ADMIN_WRITE, { 'PUT /api/apps/default/1.1/users/u1': updated });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Set password' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Set password' });
    const type = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    type('New password', 'new secret 1');
    type('New password again', 'new secret 2');
    expect(within(dialog).getByText('The two passwords differ.')).toBeInTheDocument();
    expect(confirm).toBeDisabled();
    type('New password again', 'new secret 1');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(await screen.findByText('The new password of alice is set.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ password: 'new secret 1' });
  });

  it('unlinks a platform with the dotted key and the Delete operation', async () => {
    const { calls } = server(ADMIN_WRITE, { 'PUT /api/apps/default/1.1/users/u1': updated });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Unlink weixin' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unlink' }));
    await screen.findByRole('heading', { name: 'alice' });
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ 'authData.weixin': { __op: 'Delete' } });
  });

  it('signs the user out everywhere by refreshing the session token', async () => {
    const { calls } = server(ADMIN_WRITE, {
      'PUT /api/apps/default/1.1/users/u1/refreshSessionToken': () =>
        json(200, { ...alice, sessionToken: 'x' }),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('alice is signed out everywhere.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.endsWith('/refreshSessionToken'))).toBe(true);
  });

  it('deletes only after the username is typed, then returns to the list', async () => {
    const { calls } = server(ADMIN_WRITE, {
      'DELETE /api/apps/default/1.1/users/u1': () => json(200, {}),
      'GET /api/apps/default/1.1/users': () => json(200, { results: [] }),
    });
    const { user, router } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete user' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    await user.type(within(dialog).getByLabelText('Type alice'), 'alic');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type alice'), 'e');
    await user.click(confirm);
    expect(await screen.findByText('No users match.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/apps/default/users');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('shows the link of a password reset mail from our server’s outbox', async () => {
    const link = 'http://127.0.0.1:3100/auth/reset-password/tok';
    const { calls } = server(ADMIN_WRITE, {
      'POST /api/apps/default/1.1/requestPasswordReset': () => json(200, {}),
      'GET /api/apps/default/1.1/switchboard/outbox': () =>
        json(200, {
          results: [
            {
              recipient: alice.email,
              kind: 'verify_email',
              link: 'http://x/verify',
              createdAt: alice.createdAt,
            },
            { recipient: alice.email, kind: 'reset_password', link, createdAt: alice.createdAt },
          ],
        }),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Send password reset' }));
    expect(await screen.findByRole('link', { name: link })).toHaveAttribute('href', link);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ email: alice.email });
    const outbox = calls.find((c) => c.url.pathname.endsWith('/outbox'))!;
    expect(outbox.url.searchParams.get('recipient')).toBe(alice.email);
  });

  it('does not look for an outbox on a LeanCloud app', async () => {
    const { calls } = server(
      ADMIN_WRITE,
      { 'POST /api/apps/default/1.1/requestEmailVerify': () => json(200, {}) },
      false,
    );
    const { user } = open();
    await screen.findByRole('heading', { name: 'alice' });
    await user.click(await screen.findByRole('button', { name: 'Send verification mail' }));
    expect(await screen.findByText('A verification mail was sent to alice@example.com.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.endsWith('/capabilities'))).toBe(true);
    expect(calls.some((c) => c.url.pathname.endsWith('/outbox'))).toBe(false);
  });

  it('shows a role that only reads users no way to change them', async () => {
    server(['users.read']);
    open();
    await screen.findByRole('heading', { name: 'alice' });
    for (const name of [
      'Set password',
      'Sign out everywhere',
      'Delete user',
      'Unlink weixin',
      'Send password reset',
    ])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Mail' })).not.toBeInTheDocument();
  });
});
