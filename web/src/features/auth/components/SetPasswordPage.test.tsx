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
const session = {
  user: { id: 'u2', email: 'new@example.com', role: 'developer', appRoles: {} },
  permissions: [],
  appPermissions: { default: ['data.read'] },
};

describe('SetPasswordPage', () => {
  it('sends the token from the link with the chosen password, and signs the person in', async () => {
    const { calls } = stubFetch({ 'POST /api/password-link': () => json(200, session) });
    const { user } = renderRoutes(routes, '/set-password#tok-456');
    await user.type(screen.getByLabelText('Password'), password);
    await user.type(screen.getByLabelText('Confirm password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(screen.getByText('The two passwords are not the same.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), password);
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText('console home')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ token: 'tok-456', password });
  });

  it('shows why the link was refused', async () => {
    stubFetch({
      'POST /api/password-link': () =>
        consoleError(
          400,
          'bad_request',
          'This link is not valid any more. Ask a console admin for a new one.',
        ),
    });
    const { user } = renderRoutes(routes, '/set-password#spent');
    await user.type(screen.getByLabelText('Password'), password);
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
