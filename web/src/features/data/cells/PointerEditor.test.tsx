import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { PointerEditor } from './PointerEditor';

const BASE = '/api/apps/default/1.1';

describe('PointerEditor', () => {
  it('finds the target by objectId or a text field and picks it', async () => {
    const { calls } = stubFetch({
      [`GET ${BASE}/schemas`]: () =>
        json(200, { _User: { username: { type: 'String' }, age: { type: 'Number' } } }),
      [`GET ${BASE}/classes/_User`]: () =>
        json(200, { results: [{ objectId: 'u7', createdAt: 'c', updatedAt: 'u', username: 'alice' }] }),
    });
    const onChange = vi.fn();
    renderWithProviders(
      <PointerEditor
        app="default"
        column={{ key: 'seller', type: 'Pointer', className: '_User' }}
        value={undefined}
        onChange={onChange}
      />,
    );
    const input = screen.getByLabelText('Find a _User by objectId or text');
    fireEvent.change(input, { target: { value: 'ali' } });
    fireEvent.click(await screen.findByRole('option', { name: 'u7 · alice' }));

    expect(onChange).toHaveBeenLastCalledWith({
      ok: true,
      value: { __type: 'Pointer', className: '_User', objectId: 'u7' },
    });
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.searchParams.get('where')?.includes('"username":{"$regex":"^ali"')),
      ).toBe(true),
    );
  });
});
