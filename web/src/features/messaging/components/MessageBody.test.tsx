import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { json, stubFetch } from '../../../test/fetch';
import { SESSION_KEY } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { MessageBody } from './MessageBody';

describe('MessageBody', () => {
  it('draws each kind of message by its type', () => {
    renderWithProviders(
      <>
        <MessageBody app="default" data='{"_lctype":-1,"_lctext":"hello"}' recalled={false} />
        <MessageBody
          app="default"
          data='{"_lctype":-5,"_lcloc":{"latitude":31.2,"longitude":121.5},"_lctext":"shop"}'
          recalled={false}
        />
        <MessageBody
          app="default"
          data='{"_lctype":-2,"_lcfile":{"url":"https://x.example/a.png","metaData":{"name":"a.png"}}}'
          recalled={false}
        />
        <MessageBody app="default" data='{"order":7}' recalled={false} />
        <MessageBody app="default" data="" recalled />
      </>,
    );
    expect(screen.getByText('hello')).toBeInTheDocument();
    expect(screen.getByText('Location 31.2, 121.5 — shop')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Image: a.png' })).toHaveAttribute(
      'href',
      'https://x.example/a.png',
    );
    expect(screen.getByText('Custom JSON')).toBeInTheDocument();
    expect(screen.getByText('This message was recalled.')).toBeInTheDocument();
  });

  const uploaded =
    '{"_lctype":-2,"_lcfile":{"url":"http://files.example/shot.png","objId":"abc123","metaData":{"name":"shot.png","size":68}}}';
  const sessionWith = (permissions: string[]) => () =>
    json(200, {
      user: { id: 'c1', email: 'someone@example.com', role: 'viewer', appRoles: {} },
      permissions,
      appPermissions: { default: permissions },
    });

  it('shows an image stored in the app through the console’s thumbnail, to roles that read files', async () => {
    stubFetch({ 'GET /api/session': sessionWith(['im.read', 'files.read']) });
    renderWithProviders(<MessageBody app="default" data={uploaded} recalled={false} />);
    const img = await screen.findByRole('img', { name: 'shot.png' });
    expect(img).toHaveAttribute('src', '/api/apps/default/files/abc123/preview');
    expect(screen.getByRole('link', { name: /^Image: shot.png \(68/ })).toHaveAttribute(
      'href',
      'http://files.example/shot.png',
    );
  });

  it('only links the image for roles that may not read files', async () => {
    stubFetch({ 'GET /api/session': sessionWith(['im.read', 'im.moderate']) });
    const { queryClient } = renderWithProviders(
      <MessageBody app="default" data={uploaded} recalled={false} />,
    );
    // Only once the session is known does the absence of the image mean anything.
    await vi.waitFor(() => expect(queryClient.getQueryState(SESSION_KEY)?.status).toBe('success'));
    expect(await screen.findByRole('link', { name: /^Image: shot.png/ })).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
