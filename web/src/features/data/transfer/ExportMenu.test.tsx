import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { json, stubFetch } from '../../../test/fetch';
import { renderRoutes, testQueryClient } from '../../../test/render';
import { ExportMenu } from './ExportMenu';

const query = { skip: 0, limit: 100, order: '-createdAt', where: '{"price":{"$gt":5}}' };

function setup(permissions: string[]) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(['auth', 'session'], {
    user: { id: 'u1', email: 'dev@example.com', role: 'developer', appRoles: {} },
    permissions,
    appPermissions: { default: permissions },
  });
  const saved: { name: string; size: number }[] = [];
  const blobs: Blob[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:x';
      },
      revokeObjectURL: () => {},
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, size: 0 });
  });
  const view = renderRoutes(
    [{ path: '*', element: <ExportMenu app="default" className="Product" query={query} /> }],
    '/',
    queryClient,
  );
  return { ...view, saved, blobs };
}

function csvStream(): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({
    start(c) {
      c.enqueue(enc.encode('objectId,price\n'));
      c.enqueue(enc.encode('a,6\nb,7\n'));
      c.enqueue(enc.encode('c,8\n'));
      c.close();
    },
  });
}

/** A Blob's bytes (jsdom's Blob has no arrayBuffer()). */
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(new Error(String(reader.error)));
    reader.readAsArrayBuffer(blob);
  });

describe('ExportMenu', () => {
  it('downloads the current query as CSV with its progress, then saves the file', async () => {
    const { calls } = stubFetch({
      'GET /api/apps/default/export/Product': () =>
        new Response(csvStream(), {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="Product-1.csv"',
          },
        }),
    });
    const { user, saved } = setup(['data.read', 'export.run']);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'CSV of this query' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exporting Product' });
    expect(await within(dialog).findByText('Saved Product-1.csv.')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('3 objects received (27 byte)');
    expect(saved.map((s) => s.name)).toEqual(['Product-1.csv']);
    const url = calls[0]!.url;
    expect(url.searchParams.get('format')).toBe('csv');
    expect(url.searchParams.get('where')).toBe(query.where);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('starts the CSV for Excel with a UTF-8 byte order mark, and the plain CSV without', async () => {
    const enc = new TextEncoder();
    stubFetch({
      'GET /api/apps/default/export/Product': () =>
        new Response(enc.encode('objectId,text\na,推荐购买\n'), { headers: { 'content-type': 'text/csv' } }),
    });
    const { user, blobs } = setup(['data.read', 'export.run']);
    for (const item of ['CSV for Excel (UTF-8 with BOM)', 'CSV of this query']) {
      await user.click(screen.getByRole('button', { name: 'Export' }));
      await user.click(screen.getByRole('menuitem', { name: item }));
      const dialog = await screen.findByRole('dialog', { name: 'Exporting Product' });
      await within(dialog).findByText(/^Saved /);
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    const [excel, plain] = await Promise.all(blobs.map(bytesOf));
    expect([...excel!.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(excel!.slice(3))).toBe('objectId,text\na,推荐购买\n');
    expect(new TextDecoder().decode(plain)).toBe('objectId,text\na,推荐购买\n');
  });

  it('shows the refusal when the export is refused', async () => {
    stubFetch({
      'GET /api/apps/default/export/Product': () =>
        json(403, { code: 'forbidden', message: 'It needs the "export.run" permission.', requestId: 'r1' }),
    });
    const { user, saved } = setup(['data.read', 'export.run']);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'JSON lines of this query' }));
    expect(await screen.findByText(/export\.run/)).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('cancels a download that is still streaming', async () => {
    let cancelled = false;
    stubFetch({
      'GET /api/apps/default/export/Product': () =>
        new Response(
          new ReadableStream({
            start(c) {
              c.enqueue(new TextEncoder().encode('{"objectId":"a"}\n'));
            },
            cancel() {
              cancelled = true;
            },
          }),
        ),
    });
    const { user, saved } = setup(['data.read', 'export.run']);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'JSON lines of this query' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/1 object received/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(cancelled).toBe(true));
    expect(saved).toEqual([]);
  });

  it('copies the query as curl; without export.run that is all it offers', async () => {
    stubFetch({});
    const { user } = setup(['data.read']);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Copy as curl']);
    await user.click(screen.getByRole('menuitem', { name: 'Copy as curl' }));
    expect(await screen.findByText(/curl command is on the clipboard/)).toBeInTheDocument();
    const text = await navigator.clipboard.readText();
    expect(text).toContain('curl -G "$LC_BASE_URL/1.1/classes/Product"');
    expect(text).toContain(`--data-urlencode 'where={"price":{"$gt":5}}'`);
    expect(text).toContain(`--data-urlencode 'order=-createdAt'`);
    expect(text).not.toMatch(/master|test-app-key/);
  });
});
