import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { consoleError, json, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { SetPasswordPage } from './SetPasswordPage';

const routes = [
  { path: '/set-password', element: <SetPasswordPage /> },
  { path: '/', element: <p>console home</p> },
];

const password = 'a long enough password';
const valid = () =>
  json(200, {
    valid: true,
    email: 'new@example.com',
    purpose: 'invite',
    expiresAt: '2030-01-01T00:00:00.000Z',
  });
const session = {
  user: { id: 'u2', email: 'new@example.com', role: 'developer', appRoles: {} },
  permissions: [],
  appPermissions: { default: ['data.read'] },
};

describe('SetPasswordPage', () => {
  it('sends the token from the link with the chosen password, and signs the person in', async () => {
    const { calls } = stubFetch({
      'POST /api/password-link/check': valid,
      'POST /api/password-link': () => json(200, session),
    });
    const { user } = renderRoutes(routes, '/set-password#tok-456');
    expect(
      await screen.findByText(
        'You were invited to this console as new@example.com. Choose a password to sign in.',
      ),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), password);
    await user.type(screen.getByLabelText('Confirm password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(screen.getByText('The two passwords are not the same.')).toBeInTheDocument();
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/password-link/check']);
    expect(calls[0]?.body).toEqual({ token: 'tok-456' });

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), password);
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText('console home')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/api/password-link')?.body).toEqual({
      token: 'tok-456',
      password,
    });
  });

  it('says a spent link cannot be used before anyone types a password', async () => {
    const { calls } = stubFetch({ 'POST /api/password-link/check': () => json(200, { valid: false }) });
    renderRoutes(routes, '/set-password#spent');
    expect(await screen.findByText(/This link cannot be used any more/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/login');
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/password-link/check']);
  });

  it('names the account of a password reset link', async () => {
    stubFetch({
      'POST /api/password-link/check': () =>
        json(200, {
          valid: true,
          email: 'old@example.com',
          purpose: 'reset',
          expiresAt: '2030-01-01T00:00:00.000Z',
        }),
    });
    renderRoutes(routes, '/set-password#reset-1');
    expect(await screen.findByText('Choose a new password for old@example.com.')).toBeInTheDocument();
  });

  it('shows why the link was refused', async () => {
    stubFetch({
      'POST /api/password-link/check': valid,
      'POST /api/password-link': () =>
        consoleError(
          400,
          'bad_request',
          'This link is not valid any more. Ask a console admin for a new one.',
        ),
    });
    const { user } = renderRoutes(routes, '/set-password#spent');
    await user.type(await screen.findByLabelText('Password'), password);
    await user.type(screen.getByLabelText('Confirm password'), password);
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid any more.');
  });

  it('says so when the link has no token', () => {
    stubFetch({});
    renderRoutes(routes, '/set-password');
    expect(screen.getByText(/This link is incomplete/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });
});
