import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { CSRF_HEADER } from '@switchboard/shared';
import { consoleError, json, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { LoginPage } from './LoginPage';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/setup', element: <p>setup page</p> },
  { path: '/', element: <p>console home</p> },
  { path: '/apps/:app/data', element: <p>data page</p> },
];

const session = {
  user: { id: 'u1', email: 'admin@example.com', role: 'admin', appRoles: {} },
  permissions: ['data.read'],
  appPermissions: { default: ['data.read'] },
};

function server(login: () => Response, setupNeeded = false) {
  return stubFetch({
    'GET /api/session': () => consoleError(401, 'unauthenticated', 'Not signed in.'),
    'GET /api/setup': () => json(200, { needed: setupNeeded }),
    'POST /api/session': login,
  });
}

describe('LoginPage', () => {
  it('shows the server’s message when signing in fails', async () => {
    const { calls } = server(() =>
      consoleError(401, 'unauthenticated', 'Wrong e-mail or password.', 'req-42'),
    );
    const { user } = renderRoutes(routes, '/login');

    await user.type(await screen.findByLabelText('E-mail'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'not the password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not sign in');
    expect(alert).toHaveTextContent('Wrong e-mail or password.');
    expect(alert).toHaveTextContent('Request ID: req-42');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ email: 'admin@example.com', password: 'not the password' });
    expect(post?.headers.get(CSRF_HEADER)).toBe('1');
  });

  it('goes to the page that sent the user here once signed in', async () => {
    server(() => json(200, session));
    const { user } = renderRoutes(routes, '/login?next=%2Fapps%2Fdefault%2Fdata');

    await user.type(await screen.findByLabelText('E-mail'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'the password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('data page')).toBeInTheDocument();
  });

  it('checks the fields before sending anything', async () => {
    const { calls } = server(() => json(200, session));
    const { user } = renderRoutes(routes, '/login');

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(screen.getByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('asks for the two-step code when the account has one, and sends it with the password', async () => {
    const { calls } = stubFetch({
      'GET /api/session': () => consoleError(401, 'unauthenticated', 'Not signed in.'),
      'GET /api/setup': () => json(200, { needed: false }),
      'POST /api/session': ({ body }) => {
        const totp = (body as { totp?: string }).totp;
        if (totp === undefined) return consoleError(401, 'totp_required', 'Enter the 6-digit code.');
        if (totp !== '123456')
          return consoleError(401, 'invalid_code', 'The code is wrong or was already used.');
        return json(200, session);
      },
    });
    const { user } = renderRoutes(routes, '/login');
    await user.type(await screen.findByLabelText('E-mail'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'the password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const codeField = await screen.findByLabelText('Authentication code');
    expect(screen.getByText(/Two-step sign-in is on for this account/)).toBeInTheDocument();
    expect(screen.queryByText('Could not sign in')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();

    await user.type(codeField, '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The code is wrong or was already used.')).toBeInTheDocument();

    await user.clear(codeField);
    await user.type(codeField, '123 456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('console home')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.body);
    expect(posts).toEqual([
      { email: 'admin@example.com', password: 'the password' },
      { email: 'admin@example.com', password: 'the password', totp: '000000' },
      { email: 'admin@example.com', password: 'the password', totp: '123456' },
    ]);
  });

  it('sends the first visitor to setup', async () => {
    server(() => json(200, session), true);
    renderRoutes(routes, '/login');
    expect(await screen.findByText('setup page')).toBeInTheDocument();
  });
});
