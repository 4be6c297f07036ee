import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { RelationDialog } from './RelationDialog';

const BASE = '/api/apps/default/1.1';

describe('RelationDialog', () => {
  it('lists the related objects through $relatedTo and adds and removes members', async () => {
    const { calls } = stubFetch({
      [`GET ${BASE}/classes/_User`]: () =>
        json(200, { results: [{ objectId: 'u1', createdAt: 'c', updatedAt: 'u' }] }),
      [`PUT ${BASE}/classes/Product/p1`]: () => json(200, { updatedAt: '2024-05-02T00:00:00.000Z' }),
    });
    renderWithProviders(
      <RelationDialog
        app="default"
        className="Product"
        objectId="p1"
        field="likes"
        targetClass="_User"
        readOnly={false}
        onClose={() => {}}
      />,
    );
    expect(await screen.findByText('u1')).toBeInTheDocument();
    expect(JSON.parse(calls[0]!.url.searchParams.get('where')!)).toEqual({
      $relatedTo: { object: { __type: 'Pointer', className: 'Product', objectId: 'p1' }, key: 'likes' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Remove u1 from the relation' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      likes: { __op: 'RemoveRelation', objects: [{ __type: 'Pointer', className: '_User', objectId: 'u1' }] },
    });

    fireEvent.change(screen.getByLabelText('Add by objectId'), { target: { value: 'u2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]?.body).toEqual({
      likes: { __op: 'AddRelation', objects: [{ __type: 'Pointer', className: '_User', objectId: 'u2' }] },
    });
  });
});
