import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { json, stubFetch } from '../../../test/fetch';
import type { StubHandler } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { aClass, aMigration, migrateRoutes, sessionWith } from './test-routes';

const history = [
  aMigration({
    id: 'm2',
    status: 'succeeded',
    source: 'shop-export.zip',
    finishedAt: '2026-11-23T07:05:00.000Z',
  }),
  aMigration({ id: 'm1', kind: 'live', status: 'interrupted', source: 'https://old.example.com (app abc)' }),
  aMigration({
    id: 'm0',
    status: 'succeeded',
    source: 'first-try.zip',
    classes: [aClass({ read: 5, written: 4, failed: 1, done: true }), aClass({ name: 'Post', failed: 2 })],
  }),
];

function server(permissions: string[], extra: Record<string, StubHandler> = {}) {
  return stubFetch({
    ...sessionWith(permissions),
    'GET /api/apps/default/migrations': () => json(200, { migrations: history }),
    ...extra,
  });
}

/** XMLHttpRequest, the network edge of an upload: records the request and answers as told. */
class FakeXhr {
  static sent: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  static answer = { status: 200, body: {} as unknown };
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader() {
    return null;
  }
  send(body: unknown) {
    FakeXhr.sent.push({ url: this.url, headers: this.headers, body });
    this.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true } as ProgressEvent);
    this.status = FakeXhr.answer.status;
    this.responseText = JSON.stringify(FakeXhr.answer.body);
    queueMicrotask(() => this.onload?.());
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.sent = [];
});

describe('MigratePage', { timeout: 30_000 }, () => {
  it('lists past runs with their status, source and who started them', async () => {
    server(['migrate.run']);
    renderRoutes(migrateRoutes, '/apps/default/migrate');
    const table = await screen.findByRole('table', { name: 'Past runs' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByText('Finished')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('dev@example.com');
    expect(within(rows[1]!).getByRole('link', { name: 'shop-export.zip' })).toHaveAttribute(
      'href',
      '/apps/default/migrate/m2',
    );
    expect(rows[2]).toHaveTextContent('Interrupted');
    expect(rows[2]).toHaveTextContent('Live copy');
    // Finished, but with objects left behind: the row says how many.
    expect(within(rows[3]!).getByText('Finished with 3 failures')).toBeInTheDocument();
    expect(screen.getByText(/newer updatedAt wins/)).toBeInTheDocument();
  });

  it('refuses a role without migrate.run, asking nothing of the bff', async () => {
    const { calls } = server(['data.read']);
    renderRoutes(migrateRoutes, '/apps/default/migrate');
    expect(await screen.findByText('Your role in this app cannot move data in.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.includes('/migrations'))).toBe(false);
  });

  it('names each missing live field at the field and sends nothing until they are right', async () => {
    const started = aMigration({
      id: 'm9',
      kind: 'live',
      status: 'running',
      source: 'https://old.example.com',
    });
    const { calls } = server(['migrate.run'], {
      'POST /api/apps/default/migrations': () => json(200, { migration: started }),
      'GET /api/apps/default/migrations/m9': () =>
        json(200, { migration: { ...started, status: 'succeeded' } }),
    });
    const { user, router } = renderRoutes(migrateRoutes, '/apps/default/migrate');
    await user.click(await screen.findByRole('radio', { name: 'Copy live from an app' }));
    await user.click(screen.getByRole('button', { name: 'Start' }));

    expect(screen.getByLabelText(/API address/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Give the source app’s App ID.')).toBeInTheDocument();
    expect(screen.getByText('Give the source app’s Master Key.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText(/API address/), { target: { value: 'https://old.example.com' } });
    fireEvent.change(screen.getByLabelText(/App ID/), { target: { value: 'abc' } });
    const key = screen.getByLabelText(/^Master Key/);
    expect(key).toHaveAttribute('type', 'password');
    fireEvent.change(key, { target: { value: 'the-key' } });
    await user.click(screen.getByRole('button', { name: 'Show the Master Key' }));
    expect(key).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('checkbox', { name: /Also copy file content/ }));
    await user.click(screen.getByRole('button', { name: 'Start' }));

    expect(await screen.findByRole('heading', { name: 'Moving data in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/apps/default/migrate/m9');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      sourceUrl: 'https://old.example.com',
      sourceAppId: 'abc',
      sourceMasterKey: 'the-key',
      downloadFiles: true,
    });
    expect(post.headers.get('x-switchboard-csrf')).toBe('1');
  });

  it('refuses a file that is not an export before sending it', async () => {
    server(['migrate.run']);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderRoutes(migrateRoutes, '/apps/default/migrate');
    const input = (await screen.findByText('Choose an export file')).querySelector('input')!;
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload a LeanCloud export');
    expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('uploads the export as the raw body with the CSRF header, then opens its run', async () => {
    const started = aMigration({ id: 'm5', status: 'running', source: 'shop.zip' });
    server(['migrate.run'], {
      'GET /api/apps/default/migrations/m5': () =>
        json(200, { migration: { ...started, status: 'succeeded' } }),
    });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = { status: 200, body: { migration: started } };
    const { user, router } = renderRoutes(migrateRoutes, '/apps/default/migrate');
    const input = (await screen.findByText('Choose an export file')).querySelector('input')!;
    const file = new File(['0123456789'], 'shop.zip', { type: 'application/zip' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(screen.getByText(/shop\.zip \(10 byte/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start' }));

    expect(await screen.findByRole('heading', { name: 'Moving data in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/apps/default/migrate/m5');
    const [sent] = FakeXhr.sent;
    expect(sent!.url).toBe('/api/apps/default/migrations/upload?name=shop.zip&downloadFiles=0');
    expect(sent!.headers).toMatchObject({
      'Content-Type': 'application/octet-stream',
      'x-switchboard-csrf': '1',
    });
    expect(sent!.body).toBe(file);
  });

  it('shows why the bff refused an upload', async () => {
    server(['migrate.run']);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = {
      status: 400,
      body: { code: 'bad_request', message: 'The archive holds no LeanCloud export.', requestId: 'r7' },
    };
    const { user } = renderRoutes(migrateRoutes, '/apps/default/migrate');
    const input = (await screen.findByText('Choose an export file')).querySelector('input')!;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.zip')] } });
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The archive holds no LeanCloud export.');
  });
});
