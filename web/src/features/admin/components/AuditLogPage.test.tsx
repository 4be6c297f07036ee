import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { consoleError, json, stubFetch } from '../../../test/fetch';
import type { StubRequest } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { AuditLogPage } from './AuditLogPage';

const entry = (id: string, over: object = {}) => ({
  id,
  at: '2026-01-02T03:04:05.000Z',
  actorId: 'u1',
  actorEmail: 'admin@example.com',
  role: 'admin',
  app: 'default',
  action: 'object.update',
  target: { class: 'Post', objectId: `obj${id}` },
  summary: 'Changed the title',
  before: { title: 'Old', draft: true, views: 3 },
  after: { title: 'New', views: 3, tags: ['a'] },
  result: 'ok',
  status: 200,
  requestId: 'req-1',
  ip: '127.0.0.1',
  ...over,
});

function server() {
  return stubFetch({
    'GET /api/audit': ({ url }: StubRequest) =>
      url.searchParams.get('cursor') === '2'
        ? json(200, { results: [entry('1')], nextCursor: null })
        : json(200, {
            results: [entry('3'), entry('2', { result: 'denied', status: 403 })],
            nextCursor: '2',
          }),
  });
}

const audit = (calls: StubRequest[]) => calls.filter((c) => c.url.pathname === '/api/audit');

describe('AuditLogPage', () => {
  it('sends the filters as query parameters and points the exports at the same filter', async () => {
    const { calls } = server();
    const { user } = renderWithProviders(<AuditLogPage />);
    await screen.findByRole('table', { name: 'Audit log' });
    const form = screen.getByRole('form', { name: 'Audit filters' });
    fireEvent.change(within(form).getByLabelText('Who (e-mail)'), { target: { value: 'admin@example.com' } });
    fireEvent.change(within(form).getByLabelText('Action'), { target: { value: 'object.update' } });
    fireEvent.change(within(form).getByLabelText('Class'), { target: { value: 'Post' } });
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2026-01-01T00:00' } });
    await user.click(within(form).getByRole('button', { name: 'Filter' }));

    await expect.poll(() => audit(calls).length).toBe(2);
    const sent = Object.fromEntries(audit(calls)[1]!.url.searchParams);
    const from = new Date('2026-01-01T00:00').toISOString();
    expect(sent).toEqual({
      actor: 'admin@example.com',
      action: 'object.update',
      class: 'Post',
      from,
      limit: '50',
    });

    const csv = new URL(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!, 'http://x');
    expect(csv.pathname).toBe('/api/audit/export');
    expect(Object.fromEntries(csv.searchParams)).toEqual({
      actor: 'admin@example.com',
      action: 'object.update',
      class: 'Post',
      from,
      format: 'csv',
    });
    const jsonl = screen.getByRole('link', { name: 'Export JSON lines' }).getAttribute('href');
    expect(new URL(jsonl!, 'http://x').searchParams.get('format')).toBe('jsonl');
  });

  it('pages to older entries with the cursor the server gave', async () => {
    const { calls } = server();
    const { user } = renderWithProviders(<AuditLogPage />);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('Refused (403)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load older entries' }));
    expect(await within(table).findByText('Post/obj1')).toBeInTheDocument();
    expect(audit(calls)[1]?.url.searchParams.get('cursor')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Load older entries' })).not.toBeInTheDocument();
  });

  it('opens an entry with its summary and the object before and after, field by field', async () => {
    server();
    const { user } = renderWithProviders(<AuditLogPage />);
    await user.click(await screen.findByText('Post/obj3'));
    const detail = await screen.findByRole('region', { name: 'Audit entry' });
    expect(within(detail).getByText('Changed the title')).toBeInTheDocument();
    const diff = within(detail).getByRole('table', { name: 'Before and after' });
    const rows = within(diff)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['draft', 'removed', 'true', ''],
      ['tags', 'added', '', '["a"]'],
      ['title', 'changed', 'Old', 'New'],
      ['views', 'unchanged', '3', '3'],
    ]);
  });

  it('shows writes whose outcome is unknown or not yet recorded', async () => {
    stubFetch({
      'GET /api/audit': () =>
        json(200, {
          results: [
            entry('5', { result: 'unknown', status: 504 }),
            entry('4', { result: 'pending', status: null }),
          ],
          nextCursor: null,
        }),
    });
    renderWithProviders(<AuditLogPage />);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getByText('Outcome unknown (no answer) (504)')).toBeInTheDocument();
    expect(within(table).getByText('Sent, outcome not recorded')).toBeInTheDocument();
  });

  it('shows the server’s refusal', async () => {
    stubFetch({
      'GET /api/audit': () => consoleError(403, 'forbidden', 'Reading the audit log needs the admin role.'),
    });
    renderWithProviders(<AuditLogPage />);
    expect(await screen.findByText('Reading the audit log needs the admin role.')).toBeInTheDocument();
  });
});
