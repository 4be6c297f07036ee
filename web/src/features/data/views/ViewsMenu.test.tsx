import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { consoleError, json, stubFetch } from '../../../test/fetch';
import { sessionWith } from '../components/classes/fixtures';
import { ViewsMenu } from './ViewsMenu';

const view = (id: string, name: string, mine: boolean, query: string) => ({
  id,
  app: 'default',
  className: 'Product',
  name,
  query,
  shared: !mine,
  ownerId: mine ? 'me' : 'other',
  ownerEmail: mine ? 'me@example.com' : 'other@example.com',
  mine,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

function setup(views: ReturnType<typeof view>[], permissions = ['data.read', 'data.write']) {
  const net = stubFetch({
    'GET /api/session': sessionWith(permissions),
    'GET /api/apps/default/views': () => json(200, { views }),
    'POST /api/apps/default/views': (req) =>
      json(201, { view: view('new', (req.body as { name: string }).name, true, 'order=a') }),
    'DELETE /api/apps/default/views/v1': () => json(200, {}),
    'PUT /api/apps/default/views/v1': (req) =>
      json(200, { view: { ...view('v1', 'Renamed', true, 'order=a'), ...(req.body as object) } }),
  });
  const onOpen = vi.fn();
  const r = renderWithProviders(
    <ViewsMenu app="default" className="Product" search="where=%7B%7D&order=a" onOpen={onOpen} />,
  );
  return { ...r, net, onOpen };
}

describe('ViewsMenu', { timeout: 30_000 }, () => {
  it('lists own and shared views of the class and opens one', async () => {
    const { user, net, onOpen } = setup([
      view('v1', 'Cheap', true, 'where=%7B%22price%22%3A1%7D'),
      view('v2', 'Team', false, 'order=-name'),
    ]);
    await user.click(screen.getByRole('button', { name: 'Views' }));
    const menu = await screen.findByRole('menu');
    expect(await within(menu).findByText('Cheap')).toBeInTheDocument();
    expect(within(menu).getByText('shared by other@example.com')).toBeInTheDocument();
    // Only one's own views can be deleted here.
    expect(within(menu).queryByRole('button', { name: 'Delete view Team' })).not.toBeInTheDocument();
    expect(net.calls[0]!.url.searchParams.get('className')).toBe('Product');
    await user.click(within(menu).getByText('Team'));
    expect(onOpen).toHaveBeenCalledWith('order=-name');
  });

  it('saves the current query as a shared view', async () => {
    const { user, net } = setup([]);
    await user.click(screen.getByRole('button', { name: 'Views' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Save current query as a view…' }));
    const dialog = screen.getByRole('dialog', { name: 'Save view' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Mine');
    await user.click(within(dialog).getByRole('switch', { name: 'Share with the team' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = net.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      name: 'Mine',
      className: 'Product',
      query: 'where=%7B%7D&order=a',
      shared: true,
    });
  });

  it('offers a viewer (no data.write) no sharing: their views are their own', async () => {
    const { user, net } = setup([], ['data.read']);
    await user.click(screen.getByRole('button', { name: 'Views' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Save current query as a view…' }));
    const dialog = screen.getByRole('dialog', { name: 'Save view' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Mine');
    expect(within(dialog).queryByRole('switch', { name: 'Share with the team' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(net.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ shared: false });
  });

  it('deletes an own view', async () => {
    const { user, net } = setup([view('v1', 'Cheap', true, '')]);
    await user.click(screen.getByRole('button', { name: 'Views' }));
    await user.click(await screen.findByRole('button', { name: 'Delete view Cheap' }));
    await waitFor(() => expect(net.calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('renames an own view, shares it and points it at the current query, sending only the changes', async () => {
    const { user, net } = setup([view('v1', 'Cheap', true, 'order=b'), view('v2', 'Team', false, '')]);
    await user.click(screen.getByRole('button', { name: 'Views' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('button', { name: 'Edit view Team' })).not.toBeInTheDocument();
    await user.click(await within(menu).findByRole('button', { name: 'Edit view Cheap' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit view' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    // Nothing changed yet: nothing to save.
    expect(save).toBeDisabled();
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Cheapest');
    await user.click(within(dialog).getByRole('switch', { name: 'Share with the team' }));
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Replace its query with the current one' }),
    );
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = net.calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/apps/default/views/v1');
    expect(put?.body).toEqual({ name: 'Cheapest', shared: true, query: 'where=%7B%7D&order=a' });
  });

  it('shows why a view could not be saved', async () => {
    stubFetch({
      'GET /api/apps/default/views': () => json(200, { views: [] }),
      'POST /api/apps/default/views': () => consoleError(400, 'validation_failed', 'give the view a name'),
    });
    const { user } = renderWithProviders(
      <ViewsMenu app="default" className="Product" search="" onOpen={() => undefined} />,
    );
    await user.click(screen.getByRole('button', { name: 'Views' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Save current query as a view…' }));
    const dialog = screen.getByRole('dialog', { name: 'Save view' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Give the view a name')).toBeInTheDocument();
  });
});
