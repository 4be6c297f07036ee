import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { consoleError, json, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { SetupPage } from './SetupPage';

const routes = [
  { path: '/setup', element: <SetupPage /> },
  { path: '/login', element: <p>login page</p> },
  { path: '/', element: <p>console home</p> },
];

const password = 'a long enough password';

describe('SetupPage', () => {
  it('takes the token from the link, checks the passwords match, and creates the admin', async () => {
    const { calls } = stubFetch({
      'GET /api/setup': () => json(200, { needed: true }),
      'POST /api/setup': () =>
        json(200, {
          user: { id: 'u1', email: 'admin@example.com', role: 'admin', appRoles: {} },
          permissions: [],
          appPermissions: {},
        }),
    });
    const { user } = renderRoutes(routes, '/setup?token=tok-123');

    expect(await screen.findByLabelText('Setup token')).toHaveValue('tok-123');
    await user.type(screen.getByLabelText('E-mail'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), password);
    await user.type(screen.getByLabelText('Confirm password'), `${password}?`);
    await user.click(screen.getByRole('button', { name: 'Create administrator' }));
    expect(screen.getByText('The two passwords are not the same.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), password);
    await user.click(screen.getByRole('button', { name: 'Create administrator' }));

    expect(await screen.findByText('console home')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      token: 'tok-123',
      email: 'admin@example.com',
      password,
    });
  });

  it('shows why the server refused the token', async () => {
    stubFetch({
      'GET /api/setup': () => json(200, { needed: true }),
      'POST /api/setup': () => consoleError(403, 'forbidden', 'The setup token is not valid.'),
    });
    const { user } = renderRoutes(routes, '/setup?token=old');
    await user.type(await screen.findByLabelText('E-mail'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), password);
    await user.type(screen.getByLabelText('Confirm password'), password);
    await user.click(screen.getByRole('button', { name: 'Create administrator' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The setup token is not valid.');
  });

  it('sends visitors to login once setup is done', async () => {
    stubFetch({ 'GET /api/setup': () => json(200, { needed: false }) });
    renderRoutes(routes, '/setup');
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });
});
