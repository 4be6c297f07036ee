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

  it('sends the first visitor to setup', async () => {
    server(() => json(200, session), true);
    renderRoutes(routes, '/login');
    expect(await screen.findByText('setup page')).toBeInTheDocument();
  });
});
