import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { FakeXhr } from '../../../test/fake-xhr';
import { json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { FileEditor } from './FileEditor';

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = undefined;
});

const session = (permissions: string[]) =>
  stubFetch({
    'GET /api/session': () =>
      json(200, {
        user: { id: 'c1', email: 'dev@example.com', role: 'developer', appRoles: {} },
        permissions,
        appPermissions: { default: permissions },
      }),
  });

function setup(permissions = ['data.write', 'files.write']) {
  session(permissions);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const onChange = vi.fn();
  renderWithProviders(
    <FileEditor app="default" column={{ key: 'doc', type: 'File' }} value={undefined} onChange={onChange} />,
  );
  return { onChange };
}

const choose = (name: string, text: string) =>
  fireEvent.change(screen.getByLabelText('File to upload'), {
    target: { files: [new File([text], name, { type: 'text/plain' })] },
  });

describe('FileEditor', () => {
  it('uploads a chosen file with progress, then offers its File value to save', async () => {
    const { onChange } = setup();
    await screen.findByRole('button', { name: 'Upload a new file' });
    choose('a b.txt', 'hello');
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/apps/default/files/upload?name=a+b.txt');
    expect(xhr.headers['content-type']).toBe('text/plain');
    expect(xhr.headers['x-switchboard-csrf']).toBe('1');
    act(() => xhr.upload.onprogress?.({ loaded: 2, total: 4, lengthComputable: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Uploading a b.txt: 50%');
    expect(screen.getByRole('button', { name: 'Upload a new file' })).toBeDisabled();

    const file = { __type: 'File', id: 'f1', objectId: 'f1', name: 'a b.txt', url: 'http://files.test/a' };
    await xhr.answer(200, file);
    expect(onChange).toHaveBeenLastCalledWith({ ok: true, value: file });
    expect(screen.getByLabelText('File (JSON with __type File and id)')).toHaveValue(
      JSON.stringify(file, null, 2),
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows why an upload failed, and leaves the value alone', async () => {
    const { onChange } = setup();
    await screen.findByRole('button', { name: 'Upload a new file' });
    choose('x.txt', 'x');
    await FakeXhr.last!.answer(502, {
      code: 'upstream_error',
      message: 'The file could not be stored: the file store answered HTTP 500.',
      requestId: 'r1',
    });
    expect(screen.getByText('The file was not uploaded')).toBeInTheDocument();
    expect(screen.getByText(/the file store answered HTTP 500/)).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('offers no upload to a role without files.write', async () => {
    setup(['data.write']);
    await screen.findByLabelText('File (JSON with __type File and id)');
    await act(async () => {});
    expect(screen.queryByRole('button', { name: 'Upload a new file' })).not.toBeInTheDocument();
  });
});
