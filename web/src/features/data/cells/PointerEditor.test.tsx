import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { CellEditorDialog } from './CellEditorDialog';
import { PointerEditor } from './PointerEditor';

const BASE = '/api/apps/default/1.1';
const column = { key: 'seller', type: 'Pointer', className: '_User' } as const;
const alice = { objectId: 'u7', createdAt: 'c', updatedAt: 'u', username: 'alice' };
const notFound = () =>
  json(404, {
    code: 'upstream_error',
    message: 'Object not found.',
    details: { upstreamStatus: 404, upstreamCode: 101 },
    requestId: 'r1',
  });

// LeanCloud (and Switchboard) answer a get of a missing object with 200 and {}; others with 404.
const MISSING = { 'an empty object': () => json(200, {}), '404 code 101': notFound };

function stubUsers(missing: () => Response = MISSING['an empty object']) {
  return stubFetch({
    [`GET ${BASE}/schemas`]: () =>
      json(200, { _User: { username: { type: 'String' }, age: { type: 'Number' } } }),
    [`GET ${BASE}/classes/_User`]: () => json(200, { results: [alice] }),
    [`GET ${BASE}/classes/_User/u7`]: () => json(200, alice),
    [`GET ${BASE}/classes/_User/doesnotexist123`]: missing,
  });
}

describe('PointerEditor', () => {
  it('finds the target by objectId or a text field and picks it once it is known to exist', async () => {
    const { calls } = stubUsers();
    const onChange = vi.fn();
    renderWithProviders(
      <PointerEditor app="default" column={column} value={undefined} onChange={onChange} />,
    );
    const input = screen.getByLabelText('Find a _User by objectId or text');
    fireEvent.change(input, { target: { value: 'ali' } });
    fireEvent.click(await screen.findByRole('option', { name: 'u7 · alice' }));

    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith({
        ok: true,
        value: { __type: 'Pointer', className: '_User', objectId: 'u7' },
      }),
    );
    expect(calls.some((c) => c.url.searchParams.get('where')?.includes('"username":{"$regex":"^ali"'))).toBe(
      true,
    );
  });
});

describe('a pointer to an object that does not exist', () => {
  it.each(Object.entries(MISSING))(
    'is saved only after the person confirms it (answered with %s)',
    async (_, missing) => {
      stubUsers(missing);
      const onSave = vi.fn();
      const { user } = renderWithProviders(
        <CellEditorDialog
          app="default"
          edit={{ objectId: 'p1', column, value: { __type: 'Pointer', className: '_User', objectId: 'u7' } }}
          onSave={onSave}
          onClose={() => {}}
        />,
      );
      const input = screen.getByLabelText('Find a _User by objectId or text');
      const save = screen.getByRole('button', { name: 'Save' });
      await waitFor(() => expect(save).toBeEnabled());
      fireEvent.change(input, { target: { value: 'doesnotexist123' } });
      expect(
        await screen.findByText(
          /there is no _User with the objectId doesnotexist123: the pointer would point at nothing/,
        ),
      ).toBeInTheDocument();
      expect(save).toBeDisabled();
      fireEvent.submit(input.closest('form')!);
      expect(onSave).not.toHaveBeenCalled();

      await user.click(screen.getByRole('checkbox', { name: 'Save this pointer anyway' }));
      await user.click(save);
      expect(onSave).toHaveBeenCalledWith({
        __type: 'Pointer',
        className: '_User',
        objectId: 'doesnotexist123',
      });
    },
  );
});
