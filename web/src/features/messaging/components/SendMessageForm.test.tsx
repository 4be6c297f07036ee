import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { FakeXhr } from '../../../test/fake-xhr';
import { json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { SendMessageForm } from './SendMessageForm';

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = undefined;
});

function setup(kind: 'conversation' | 'service', permissions: string[]) {
  const { calls } = stubFetch({
    'GET /api/session': () =>
      json(200, {
        user: { id: 'c1', email: 'support@example.com', role: 'support', appRoles: {} },
        permissions,
        appPermissions: { default: permissions },
      }),
    'POST /api/apps/default/1.2/rtm/conversations/conv1/messages': () =>
      json(200, { 'msg-id': 'm1', timestamp: 1 }),
    'POST /api/apps/default/1.2/rtm/service-conversations/conv1/messages': () =>
      json(200, { 'msg-id': 'm2', timestamp: 2 }),
    ...Object.fromEntries(
      ['images', 'service-images'].flatMap((path) =>
        ['f1', 'f2'].map((id) => [`DELETE /api/apps/default/im/${path}/${id}`, () => json(200, {})]),
      ),
    ),
  });
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // The browser's decoder: jsdom has none. A file named "broken…" does not decode.
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn((f: File) =>
      f.name.startsWith('broken')
        ? Promise.reject(new Error('not decodable'))
        : Promise.resolve({ width: 3, height: 2, close: () => undefined }),
    ),
  );
  const { unmount } = renderWithProviders(<SendMessageForm app="default" kind={kind} convId="conv1" />);
  const withdrawn = () => calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname);
  return { calls, unmount, withdrawn };
}

/** Picks `name` and lets the console's upload answer with the stored file `id`. */
async function store(name: string, id: string) {
  FakeXhr.last = undefined;
  pick(new File(['PNG pixels'], name, { type: 'image/png' }));
  await vi.waitFor(() => expect(FakeXhr.last).toBeDefined());
  await FakeXhr.last!.answer(200, {
    __type: 'File',
    id,
    objectId: id,
    name,
    url: `http://files.test/${name}`,
  });
  expect(await screen.findByText(new RegExp(`Stored ${name}`))).toBeInTheDocument();
}

async function chooseType(name: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Type' }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

const pick = (file: File) =>
  fireEvent.change(screen.getByLabelText('Image to send'), { target: { files: [file] } });

describe('SendMessageForm, image by upload', () => {
  it('stores the picked image through the console and sends it as an ImageMessage', async () => {
    const { calls } = setup('conversation', ['im.read', 'im.moderate']);
    fireEvent.change(await screen.findByRole('textbox', { name: 'As client id' }), {
      target: { value: 'support-bot' },
    });
    await chooseType('Image by upload');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    pick(new File(['PNG pixels'], 'shot.png', { type: 'image/png' }));
    await vi.waitFor(() => expect(FakeXhr.last).toBeDefined());
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('/api/apps/default/im/images?name=shot.png&conversation=conv1');
    expect(xhr.headers['content-type']).toBe('image/png');
    await xhr.answer(200, {
      __type: 'File',
      id: 'f1',
      objectId: 'f1',
      name: 'shot.png',
      url: 'http://files.test/shot.png',
    });
    expect(await screen.findByText(/Stored shot.png: 3 × 2/)).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Text (optional)' }), { target: { value: 'look' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Sent: message m1.');
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.body).toEqual({
      from_client: 'support-bot',
      message: JSON.stringify({
        _lctype: -2,
        _lctext: 'look',
        _lcfile: {
          url: 'http://files.test/shot.png',
          objId: 'f1',
          metaData: { name: 'shot.png', format: 'png', size: 10, width: 3, height: 2 },
        },
      }),
    });
  });

  it('withdraws a stored image replaced by another, or left unsent, and keeps one sent', async () => {
    const { unmount, withdrawn } = setup('conversation', ['im.read', 'im.moderate']);
    fireEvent.change(await screen.findByRole('textbox', { name: 'As client id' }), {
      target: { value: 'support-bot' },
    });
    await chooseType('Image by upload');
    await store('first.png', 'f1');
    expect(withdrawn()).toEqual([]);
    await store('second.png', 'f2');
    await vi.waitFor(() => expect(withdrawn()).toEqual(['/api/apps/default/im/images/f1']));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Sent: message m1.');
    unmount();
    // The sent image (f2) stays in the app's files.
    expect(withdrawn()).toEqual(['/api/apps/default/im/images/f1']);
  });

  it('withdraws the image held when the form goes away, or when another type is sent', async () => {
    const first = setup('service', ['im.read', 'im.broadcast']);
    await chooseType('Image by upload');
    await store('sale.png', 'f1');
    first.unmount();
    await vi.waitFor(() => expect(first.withdrawn()).toEqual(['/api/apps/default/im/service-images/f1']));

    vi.unstubAllGlobals();
    const second = setup('conversation', ['im.read', 'im.moderate']);
    fireEvent.change(await screen.findByRole('textbox', { name: 'As client id' }), {
      target: { value: 'support-bot' },
    });
    await chooseType('Image by upload');
    await store('draft.png', 'f2');
    await chooseType('Text');
    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), { target: { value: 'words instead' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Sent: message m1.');
    await vi.waitFor(() => expect(second.withdrawn()).toEqual(['/api/apps/default/im/images/f2']));
  });

  it('uploads a service conversation’s image by the broadcast permission', async () => {
    setup('service', ['im.read', 'im.broadcast']);
    await chooseType('Image by upload');
    pick(new File(['PNG pixels'], 'sale.png', { type: 'image/png' }));
    await vi.waitFor(() => expect(FakeXhr.last).toBeDefined());
    expect(FakeXhr.last!.url).toBe('/api/apps/default/im/service-images?name=sale.png&conversation=conv1');
  });

  it('says why a file is not taken, before any upload', async () => {
    setup('conversation', ['im.read', 'im.moderate']);
    await chooseType('Image by upload');
    pick(new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByText('Choose a PNG, JPEG, GIF, WebP or AVIF image.')).toBeInTheDocument();
    const big = new File(['PNG'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    pick(big);
    expect(
      await screen.findByText('The image is larger than 10 MB, the most the console uploads.'),
    ).toBeInTheDocument();
    pick(new File(['broken'], 'broken.png', { type: 'image/png' }));
    expect(
      await screen.findByText('This image could not be read: its size in pixels is unknown.'),
    ).toBeInTheDocument();
    expect(FakeXhr.last).toBeUndefined();
  });
});
