import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { json, stubFetch } from '../../../test/fetch';
import type { StubHandler } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { capabilities, sessionWith, usersRoutes } from './test-routes';

const alice = {
  objectId: 'u1',
  username: 'alice',
  email: 'alice@example.com',
  mobilePhoneNumber: '+8613800000001',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const bo = {
  ...alice,
  objectId: 'u2',
  username: 'bo',
  email: 'bo@example.com',
  mobilePhoneNumber: undefined,
};

function server(permissions: string[], extra: Record<string, StubHandler> = {}) {
  return stubFetch({
    ...sessionWith(permissions),
    ...capabilities(true),
    'GET /api/apps/default/1.1/users': ({ url }) => {
      const where = url.searchParams.get('where');
      return json(200, { results: where?.includes('^bo') ? [bo] : [alice, bo] });
    },
    ...extra,
  });
}

describe('UsersPage', { timeout: 30_000 }, () => {
  it('lists users newest first and searches by e-mail, keeping the search in the URL', async () => {
    const { calls } = server(['users.read', 'users.write']);
    const { user, router } = renderRoutes(usersRoutes, '/apps/default/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const first = calls.find((c) => c.url.pathname.endsWith('/1.1/users'))!;
    expect(first.url.searchParams.get('order')).toBe('-createdAt');
    expect(first.url.searchParams.get('limit')).toBe('51');

    fireEvent.change(screen.getByLabelText('Find a user'), { target: { value: 'bo@' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Search in' }));
    fireEvent.click(await screen.findByRole('option', { name: 'E-mail' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await within(table).findAllByRole('row')).toHaveLength(2);
    const search = calls.filter((c) => c.url.pathname.endsWith('/1.1/users')).pop()!;
    expect(JSON.parse(search.url.searchParams.get('where')!)).toEqual({
      email: { $regex: '^bo@', $options: 'i' },
    });
    expect(router.state.location.search).toBe('?q=bo%40&by=email');
    expect(within(table).getByRole('link', { name: 'bo' })).toHaveAttribute('href', '/apps/default/users/u2');
    // Any other field: the data browser's query builder, starting from this search.
    const builder = screen.getByRole('link', { name: 'Query any field in the data browser' });
    expect(new URL(builder.getAttribute('href')!, 'http://x').searchParams.get('where')).toBe(
      search.url.searchParams.get('where'),
    );
  });

  it('names a taken username at its field when creating a user', async () => {
    const { calls } = server(['users.read', 'users.write'], {
      'POST /api/apps/default/1.1/users': () =>
        json(400, {
          code: 'upstream_error',
          message: 'Username has already been taken.',
          requestId: 'r1',
          details: { upstreamStatus: 400, upstreamCode: 202 },
        }),
    });
    const { user } = renderRoutes(usersRoutes, '/apps/default/users');
    await user.click(await screen.findByRole('button', { name: 'Create user' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Username/), { target: { value: 'alice' } });
    fireEvent.change(within(dialog).getByLabelText(/Password/), { target: { value: 'secret 1' } });
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: '  ' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const username = within(dialog).getByLabelText(/Username/);
    expect(await within(dialog).findByText('Another user already has this username.')).toBeInTheDocument();
    expect(username).toHaveAttribute('aria-invalid', 'true');
    // Empty optional fields are left out rather than sent empty.
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ username: 'alice', password: 'secret 1' });
    fireEvent.change(username, { target: { value: 'alice2' } });
    expect(within(dialog).queryByText('Another user already has this username.')).not.toBeInTheDocument();
  });

  it('says at the e-mail field that an address is malformed, and shows other failures above', async () => {
    let code = 125;
    server(['users.read', 'users.write'], {
      'POST /api/apps/default/1.1/users': () =>
        json(code === 125 ? 400 : 502, {
          code: 'upstream_error',
          message: code === 125 ? 'The email address was invalid.' : 'The app failed to answer: HTTP 500',
          requestId: 'r2',
          details: { upstreamStatus: code === 125 ? 400 : 500, upstreamCode: code },
        }),
    });
    const { user } = renderRoutes(usersRoutes, '/apps/default/users');
    await user.click(await screen.findByRole('button', { name: 'Create user' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Username/), { target: { value: 'erin' } });
    fireEvent.change(within(dialog).getByLabelText(/Password/), { target: { value: 'secret 1' } });
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'erin@' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This is not a valid e-mail address.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    code = 1;
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The app failed to answer');
  });

  it('opens the new user page after creating one', async () => {
    server(['users.read', 'users.write'], {
      'POST /api/apps/default/1.1/users': () => json(200, { objectId: 'u9', createdAt: alice.createdAt }),
      'GET /api/apps/default/1.1/users/u9': () => json(200, { ...alice, objectId: 'u9', username: 'dana' }),
    });
    const { user, router } = renderRoutes(usersRoutes, '/apps/default/users');
    await user.click(await screen.findByRole('button', { name: 'Create user' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Username/), { target: { value: 'dana' } });
    fireEvent.change(within(dialog).getByLabelText(/Password/), { target: { value: 'secret 1' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('heading', { name: 'dana' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/apps/default/users/u9');
  });

  it('offers no create button to a role that only reads users', async () => {
    server(['users.read']);
    renderRoutes(usersRoutes, '/apps/default/users');
    await screen.findByRole('table', { name: 'Users' });
    expect(screen.queryByRole('button', { name: 'Create user' })).not.toBeInTheDocument();
  });
});
