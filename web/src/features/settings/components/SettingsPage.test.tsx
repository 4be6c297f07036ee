import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { json, stubFetch } from '../../../test/fetch';
import type { StubRequest } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { PreferencesSync } from './PreferencesSync';
import { SettingsPage } from './SettingsPage';

const NONE = { language: null, theme: null, timeZone: null };

function server(preferences: object = NONE) {
  const saved: unknown[] = [];
  let held = { ...NONE, ...preferences };
  const stub = stubFetch({
    'GET /api/preferences': () => json(200, { preferences: held }),
    'PUT /api/preferences': ({ body }: StubRequest) => {
      saved.push(body);
      held = { ...held, ...(body as object) };
      return json(200, { preferences: held });
    },
    'GET /api/session/totp': () => json(200, { totpEnabled: false, totpPending: false }),
    'GET /api/apps': () =>
      json(200, {
        apps: [
          { id: 'default', name: 'Demo store', appId: 'demo-app-id' },
          { id: 'old', name: 'Old LeanCloud app', appId: 'lc-app-id' },
        ],
      }),
    'GET /api/apps/default/health': () =>
      json(200, {
        app: 'default',
        reachable: true,
        latencyMs: 3.2,
        serverTime: new Date(Date.now() + 120_000).toISOString(),
        checkedAt: new Date().toISOString(),
      }),
    'GET /api/apps/old/health': () =>
      json(200, {
        app: 'old',
        reachable: false,
        latencyMs: null,
        serverTime: null,
        checkedAt: new Date().toISOString(),
        message: 'The app "Old LeanCloud app" cannot be reached at https://old.example.',
      }),
    'GET /api/apps/default/capabilities': () =>
      json(200, {
        app: 'default',
        reachable: true,
        source: 'probe',
        areas: { storage: true, push: false, im: false, schemaWrite: true },
      }),
    'GET /api/apps/old/capabilities': () =>
      json(200, {
        app: 'old',
        reachable: false,
        source: 'probe',
        areas: { storage: false, push: false, im: false, schemaWrite: false },
      }),
  });
  return { ...stub, saved };
}

const page = (
  <>
    <PreferencesSync />
    <SettingsPage />
  </>
);

describe('SettingsPage', () => {
  it('shows each app by name and ids, whether it answers, how its clock runs and what it offers', async () => {
    server();
    renderWithProviders(page);
    const demo = await screen.findByRole('region', { name: 'Demo store' });
    expect(within(demo).getByText('Console id default · App ID demo-app-id')).toBeInTheDocument();
    expect(await within(demo).findByText('Reachable · 3.2 ms')).toBeInTheDocument();
    expect(within(demo).getByText(/Its clock is 12\d s off/)).toBeInTheDocument();
    expect(await within(demo).findByText('Class changes: yes')).toBeInTheDocument();
    expect(within(demo).getByText('Push: no')).toBeInTheDocument();

    const old = screen.getByRole('region', { name: 'Old LeanCloud app' });
    expect(await within(old).findByText('Not reachable')).toBeInTheDocument();
    expect(within(old).getByText(/cannot be reached at https:\/\/old\.example/)).toBeInTheDocument();
  });

  it('asks every app for its health and its capabilities again on "Check again"', async () => {
    const { calls } = server();
    renderWithProviders(page);
    const demo = await screen.findByRole('region', { name: 'Demo store' });
    expect(await within(demo).findByText('Class changes: yes')).toBeInTheDocument();
    const asked = (path: string) => calls.filter((c) => c.url.pathname === path).length;
    expect(asked('/api/apps/default/capabilities')).toBe(1);
    screen.getByRole('button', { name: 'Check again' }).click();
    await waitFor(() => expect(asked('/api/apps/default/capabilities')).toBe(2));
    await waitFor(() => expect(asked('/api/apps/old/health')).toBe(2));
  });

  it('applies the settings kept on the server when the console opens', async () => {
    const { saved } = server({ language: 'zh-CN', theme: 'dark', timeZone: 'Asia/Shanghai' });
    renderWithProviders(page);
    expect(await screen.findByRole('heading', { name: '设置' })).toBeInTheDocument();
    expect(i18next.language).toBe('zh-CN');
    expect(screen.getByRole('combobox', { name: '主题' })).toHaveTextContent('深色');
    expect(screen.getByRole('combobox', { name: '日期显示时区' })).toHaveValue('Asia/Shanghai');
    // Applying what the server holds sends nothing back.
    expect(saved).toEqual([]);
  });

  it('saves a change of theme on the server', async () => {
    const { saved } = server();
    const { user } = renderWithProviders(page);
    await user.click(await screen.findByRole('combobox', { name: 'Theme' }));
    await user.click(screen.getByRole('option', { name: 'Dark' }));
    await waitFor(() => expect(saved).toEqual([{ theme: 'dark' }]));
    expect(screen.getByRole('combobox', { name: 'Theme' })).toHaveTextContent('Dark');
  });
});
