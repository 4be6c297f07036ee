import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { ComposePage } from './ComposePage';

const routes = [
  { path: '/apps/:app/push/new', element: <ComposePage /> },
  { path: '/apps/:app/push/records/:pushId', element: <p>record page</p> },
];

function server(permissions: string[]) {
  return stubFetch({
    'GET /api/session': () =>
      json(200, {
        user: { id: 'c1', email: 'op@example.com', role: 'operator', appRoles: {} },
        permissions,
        appPermissions: { default: permissions },
      }),
    // The server's audience count: a sampled estimate first when asked, then the exact count.
    'GET /api/apps/default/1.1/switchboard/push/audience': ({ url }) =>
      url.searchParams.get('estimate') === '1' && url.searchParams.get('where')?.includes('updatedAt')
        ? json(200, { total: 4900, ios: 2000, android: 2900, androidRoutes: { own: 2900 }, exact: false })
        : json(200, { total: 5, ios: 2, android: 3, androidRoutes: { own: 2, HMS: 1 }, exact: true }),
    'GET /api/apps/default/1.1/schemas': () =>
      json(200, { _Installation: { appVersion: { type: 'String' }, deviceType: { type: 'String' } } }),
    'POST /api/apps/default/1.1/push': () =>
      json(200, { objectId: 'p1', createdAt: '2026-01-01T00:00:00.000Z' }),
  });
}

describe('the composer', { timeout: 30_000 }, () => {
  it('shows the estimate, previews both platforms from the form, counts bytes and marks a bad badge', async () => {
    server(['push.read', 'push.write', 'installations.read']);
    renderRoutes(routes, '/apps/default/push/new');
    expect(await screen.findByText('Reaches 5 devices (2 iOS, 3 Android)')).toBeInTheDocument();
    const review = screen.getByRole('button', { name: 'Review and send' });
    expect(review).toBeDisabled();

    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Sale' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), { target: { value: '半价 today' } });
    expect(within(screen.getByTestId('preview-ios')).getByText('半价 today')).toBeInTheDocument();
    expect(within(screen.getByTestId('preview-android')).getByText('Sale')).toBeInTheDocument();
    // The counter counts the UTF-8 bytes of the body that is sent, req_id included.
    const bytes = Number(/^(\d+) \/ 4096/.exec(screen.getByTestId('push-bytes').textContent ?? '')?.[1]);
    const expected = new TextEncoder().encode(
      JSON.stringify({ data: { alert: '半价 today', title: 'Sale' }, req_id: 'x'.repeat(16), prod: 'prod' }),
    ).length;
    expect(bytes).toBe(expected);
    expect(review).toBeEnabled();

    fireEvent.change(screen.getByRole('textbox', { name: 'Badge' }), { target: { value: 'seven' } });
    expect(await screen.findByText('badge must be a number or "Increment"')).toBeInTheDocument();
    expect(review).toBeDisabled();
  });

  it('shows the rule of an empty Text as help, and as an error only once the field was left', async () => {
    server(['push.read', 'push.write', 'installations.read']);
    renderRoutes(routes, '/apps/default/push/new');
    const text = await screen.findByRole('textbox', { name: 'Text' });
    expect(text).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Required: the text the device shows.')).toBeInTheDocument();
    expect(screen.queryByText('The text is required: it is what the device shows.')).toBeNull();

    fireEvent.focus(text);
    fireEvent.blur(text);
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The text is required: it is what the device shows.')).toBeInTheDocument();

    fireEvent.change(text, { target: { value: 'Hello' } });
    expect(text).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('narrows the audience to recently active devices, counts Android per vendor, and sends the delivery options', async () => {
    const { calls } = server(['push.read', 'push.write', 'installations.read']);
    const { user } = renderRoutes(routes, '/apps/default/push/new');
    expect(await screen.findByText('Reaches 5 devices (2 iOS, 3 Android)')).toBeInTheDocument();
    expect(await screen.findByTestId('push-estimate-vendors')).toHaveTextContent(
      'Android by delivery channel: Android (own channel) 2, Huawei 1',
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Active within (days)' }), {
      target: { value: '7' },
    });
    // A large audience: the sampled estimate shows first, then the exact count replaces it.
    expect(await screen.findByText(/^Reaches about 4900 devices/)).toHaveAttribute('data-exact', 'false');
    expect(await screen.findByText('Reaches 5 devices (2 iOS, 3 Android)')).toHaveAttribute(
      'data-exact',
      'true',
    );
    const asked = calls.filter(
      (c) =>
        c.url.pathname.endsWith('/push/audience') && c.url.searchParams.get('where')?.includes('updatedAt'),
    );
    expect(asked.map((c) => c.url.searchParams.get('estimate'))).toEqual(['1', null]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), { target: { value: 'Hi' } });
    const flow = screen.getByRole('textbox', { name: 'Flow control (devices per second)' });
    fireEvent.change(flow, { target: { value: '999' } });
    expect(screen.getByText(/at least 1000\./)).toBeInTheDocument();
    const review = screen.getByRole('button', { name: 'Review and send' });
    expect(review).toBeDisabled();
    fireEvent.change(flow, { target: { value: '2000' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Android notification channel' }), {
      target: { value: 'promo' },
    });
    await user.click(screen.getByRole('radio', { name: 'After some hours' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Hours after sending' }), {
      target: { value: '2' },
    });
    await user.click(review);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('record page')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      flow_control: 2000,
      _notificationChannel: 'promo',
      expiration_interval: 7200,
    });
    const since = Date.parse((sent.where as { updatedAt: { $gt: { iso: string } } }).updatedAt.$gt.iso);
    expect(Math.round((Date.now() - since) / 86_400_000)).toBe(7);
  });

  it('narrows the audience with any _Installation condition, in the estimate and in the push', async () => {
    const { calls } = server(['push.read', 'push.write', 'installations.read']);
    const { user } = renderRoutes(routes, '/apps/default/push/new');
    expect(await screen.findByText('Reaches 5 devices (2 iOS, 3 Android)')).toBeInTheDocument();
    const conditions = screen.getByRole('region', { name: 'Installation conditions' });
    await user.click(within(conditions).getByRole('button', { name: 'Add condition' }));
    await user.click(within(conditions).getByRole('combobox', { name: 'Field' }));
    await user.click(await screen.findByRole('option', { name: 'appVersion' }));
    fireEvent.change(within(conditions).getByRole('textbox', { name: 'Value' }), {
      target: { value: '2.0' },
    });
    const asked = () =>
      calls.filter(
        (c) =>
          c.url.pathname.endsWith('/push/audience') &&
          c.url.searchParams.get('where') === JSON.stringify({ appVersion: '2.0' }),
      );
    await waitFor(() => expect(asked().length).toBeGreaterThan(0));
    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), { target: { value: 'Hi' } });
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('record page')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(sent.where).toEqual({ appVersion: '2.0' });
  });

  it('takes per-platform overrides in tabs, previews each in light and dark, and sends them', async () => {
    const { calls } = server(['push.read', 'push.write', 'installations.read']);
    const { user } = renderRoutes(routes, '/apps/default/push/new');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Text' }), { target: { value: 'For all' } });
    const overrides = screen.getByRole('region', { name: 'Per-platform overrides' });
    fireEvent.change(within(overrides).getByRole('textbox', { name: 'Text on iOS' }), {
      target: { value: 'For iPhones' },
    });
    await user.click(within(overrides).getByRole('tab', { name: 'Huawei' }));
    fireEvent.change(within(overrides).getByRole('textbox', { name: 'Title on Huawei' }), {
      target: { value: 'Huawei title' },
    });
    expect(within(screen.getByTestId('preview-ios')).getByText('For iPhones')).toBeInTheDocument();
    expect(within(screen.getByTestId('preview-android')).getByText('For all')).toBeInTheDocument();
    const huawei = screen.getByTestId('preview-hms');
    expect(within(huawei).getByText('Huawei title')).toBeInTheDocument();
    expect(within(huawei).getByText('For all')).toBeInTheDocument();
    expect(screen.queryByTestId('preview-mi')).toBeNull();
    const paper = () => screen.getByTestId('preview-ios').querySelector('[data-appearance]');
    expect(paper()).toHaveAttribute('data-appearance', 'light');
    await user.click(screen.getByRole('button', { name: 'Dark' }));
    expect(paper()).toHaveAttribute('data-appearance', 'dark');
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('record page')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST')?.body as { data: unknown };
    expect(sent.data).toEqual({
      alert: 'For all',
      ios: { alert: 'For iPhones' },
      hms: { title: 'Huawei title' },
    });
  });

  it('takes per-platform overrides in the JSON mode and says at which field it is wrong', async () => {
    server(['push.read', 'push.write', 'installations.read']);
    const { user } = renderRoutes(routes, '/apps/default/push/new');
    await user.click(await screen.findByRole('tab', { name: 'JSON' }));
    const editor = screen.getByRole('textbox', { name: 'data (JSON)' });
    fireEvent.change(editor, {
      target: {
        value: JSON.stringify({ alert: 'all', ios: { alert: 'for iOS' }, android: { alert: 'for Android' } }),
      },
    });
    expect(within(screen.getByTestId('preview-ios')).getByText('for iOS')).toBeInTheDocument();
    expect(within(screen.getByTestId('preview-android')).getByText('for Android')).toBeInTheDocument();
    fireEvent.change(editor, { target: { value: '{"alert": "x", "android": {"silent": "yes"}}' } });
    expect(
      await screen.findByText(/data\.android\.silent: silent must be true or false/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review and send' })).toBeDisabled();
  });

  it('tells a role without push.write that it may only read', async () => {
    server(['push.read']);
    renderRoutes(routes, '/apps/default/push/new');
    expect(await screen.findByText('Your role may read pushes but not send them.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review and send' })).toBeNull();
  });
});
