import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { consoleError, json, stubFetch } from '../../../test/fetch';
import type { StubHandler } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { classKeys } from '../api/keys';
import { API, capabilities, schemas, sessionWith, stats } from './classes/fixtures';
import { ClassList } from './ClassList';

const routes = [
  { path: '/apps/:app/data', element: <ClassList app="default" /> },
  { path: '/apps/:app/data/:className', element: <ClassList app="default" /> },
];

function stub(opts: { write?: boolean; supported?: boolean; extra?: Record<string, StubHandler> } = {}) {
  return stubFetch({
    'GET /api/session': sessionWith(opts.write === false ? ['schema.read'] : ['schema.read', 'schema.write']),
    'GET /api/apps/default/capabilities': capabilities(opts.supported ?? true),
    [`GET ${API}/schemas`]: () => json(200, schemas),
    [`GET ${API}/switchboard/class-stats`]: stats,
    [`GET ${API}/classes/Event`]: () => json(200, { results: [], count: 25_301 }),
    [`GET ${API}/classes/Product`]: () => json(200, { results: [], count: 52 }),
    [`GET ${API}/classes/Draft`]: () => json(200, { results: [], count: 0 }),
    [`GET ${API}/classes/_User`]: () => json(200, { results: [], count: 3 }),
    ...opts.extra,
  });
}

const nav = () => screen.findByRole('navigation', { name: 'Classes' });

describe('ClassList counts', () => {
  it('shows exact counts for small classes and an estimate for large ones, counted on request', async () => {
    const { calls } = stub();
    const { user } = renderRoutes(routes, '/apps/default/data');
    const list = await nav();
    const product = await within(list).findByRole('link', { name: 'Product' });
    await waitFor(() => expect(product).toHaveAccessibleDescription('52 objects'));
    const estimate = within(list).getByRole('button', { name: /About 25,300 objects/ });
    expect(estimate).toHaveTextContent('≈ 25.3K');
    // Nothing was counted one class at a time: the statistics were enough.
    expect(calls.filter((c) => c.url.pathname.includes('/classes/'))).toEqual([]);

    await user.click(estimate);
    const event = within(list).getByRole('link', { name: 'Event' });
    await waitFor(() => expect(event).toHaveAccessibleDescription('25,301 objects'));
    const count = calls.find((c) => c.url.pathname === `${API}/classes/Event`);
    expect(Object.fromEntries(count!.url.searchParams)).toEqual({ count: '1', limit: '0' });
  });

  it('counts a class again after a write to it, starting from the exact number of the statistics', async () => {
    let products = 52;
    const { calls } = stub({
      extra: { [`GET ${API}/classes/Product`]: () => json(200, { results: [], count: products }) },
    });
    const { queryClient } = renderRoutes(routes, '/apps/default/data');
    const product = await within(await nav()).findByRole('link', { name: 'Product' });
    await waitFor(() => expect(product).toHaveAccessibleDescription('52 objects'));
    expect(calls.some((c) => c.url.pathname === `${API}/classes/Product`)).toBe(false);
    products = 53;
    await queryClient.invalidateQueries({ queryKey: classKeys.detail('default', 'Product') });
    await waitFor(() => expect(product).toHaveAccessibleDescription('53 objects'));
  });

  it('counts each class exactly when the app has no statistics (a LeanCloud app)', async () => {
    const { calls } = stub({ supported: false });
    renderRoutes(routes, '/apps/default/data');
    const list = await nav();
    const event = await within(list).findByRole('link', { name: 'Event' });
    await waitFor(() => expect(event).toHaveAccessibleDescription('25,301 objects'));
    expect(calls.some((c) => c.url.pathname.endsWith('/class-stats'))).toBe(false);
    expect(within(list).queryByRole('button', { name: 'New class' })).not.toBeInTheDocument();
    expect(within(list).queryByRole('switch', { name: 'Hide empty classes' })).not.toBeInTheDocument();
  });

  it('hides empty classes when asked, and remembers the choice', async () => {
    stub();
    const first = renderRoutes(routes, '/apps/default/data');
    const list = await nav();
    await within(list).findByRole('link', { name: 'Draft' });
    await first.user.click(await within(list).findByRole('switch', { name: 'Hide empty classes' }));
    expect(within(list).queryByRole('link', { name: 'Draft' })).not.toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Event' })).toBeInTheDocument();
    expect(within(list).getByText('1 empty class hidden.')).toBeInTheDocument();
    first.unmount();

    renderRoutes(routes, '/apps/default/data');
    const again = await nav();
    await within(again).findByRole('link', { name: 'Product' });
    expect(await within(again).findByRole('switch', { name: 'Hide empty classes' })).toBeChecked();
    expect(within(again).queryByRole('link', { name: 'Draft' })).not.toBeInTheDocument();
  });
});

describe('creating a class', () => {
  it('checks the name as the server does, creates the class and opens it', async () => {
    const { calls } = stub({
      extra: { [`POST ${API}/schemas/Book`]: () => json(201, { className: 'Book', fields: {} }) },
    });
    const { user, router } = renderRoutes(routes, '/apps/default/data');
    const list = await nav();
    await user.click(await within(list).findByRole('button', { name: 'New class' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a class' });
    const name = within(dialog).getByRole('textbox', { name: 'Class name' });
    for (const [typed, message] of [
      ['9lives', 'Use only letters, digits and underscores, and start with a letter.'],
      ['_Mine', 'Names that start with “_” belong to built-in classes.'],
      ['Product', 'This app already has a class called “Product”.'],
    ]) {
      await user.clear(name);
      await user.type(name, typed!);
      await user.click(within(dialog).getByRole('button', { name: 'Create' }));
      expect(within(dialog).getByText(message!)).toBeInTheDocument();
    }
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(name);
    await user.type(name, 'Book');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apps/default/data/Book'));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ fields: {} });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The list is read again, so the new class shows up.
    expect(calls.filter((c) => c.url.pathname === `${API}/schemas`).length).toBeGreaterThan(1);
  }, 20_000);

  it('warns of a name differing from an existing class only in case, and still creates it', async () => {
    const { calls } = stub({
      extra: { [`POST ${API}/schemas/product`]: () => json(201, { className: 'product', fields: {} }) },
    });
    const { user, router } = renderRoutes(routes, '/apps/default/data');
    await user.click(await within(await nav()).findByRole('button', { name: 'New class' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a class' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Class name' }), 'product');
    expect(
      within(dialog).getByText(/This app has a class called “Product”: “product” would be another class/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apps/default/data/product'));
    expect(calls.some((c) => c.method === 'POST')).toBe(true);
  }, 20_000);

  it('says a long name is too long rather than badly spelled', async () => {
    stub();
    const { user } = renderRoutes(routes, '/apps/default/data');
    await user.click(await within(await nav()).findByRole('button', { name: 'New class' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a class' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Class name' }));
    await user.paste(`${'a'.repeat(199)}-`);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      within(dialog).getByText('A class name has at most 60 characters; this one has 200.'),
    ).toBeInTheDocument();
  }, 20_000);

  it('shows what the server says when it refuses', async () => {
    stub({
      extra: {
        [`POST ${API}/schemas/Late`]: () =>
          consoleError(400, 'upstream_error', 'The class Late already exists.'),
      },
    });
    const { user } = renderRoutes(routes, '/apps/default/data');
    await user.click(await within(await nav()).findByRole('button', { name: 'New class' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a class' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Class name' }), 'Late');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The class Late already exists.')).toBeInTheDocument();
  });

  it('offers no class creation without schema.write in this app', async () => {
    stub({ write: false });
    renderRoutes(routes, '/apps/default/data');
    const list = await nav();
    await within(list).findByRole('link', { name: 'Product' });
    await within(list).findByRole('switch', { name: 'Hide empty classes' });
    expect(within(list).queryByRole('button', { name: 'New class' })).not.toBeInTheDocument();
  });
});
