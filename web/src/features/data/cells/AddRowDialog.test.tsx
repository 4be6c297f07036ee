import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { json, stubFetch } from '../../../test/fetch';
import type { StubHandler } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { sessionWith } from '../components/classes/fixtures';
import type { GridColumn } from '../utils/columns';
import { AddRowDialog } from './AddRowDialog';

const BASE = '/api/apps/default/1.1';
const SETTING = '/api/apps/default/settings/default-acl';
const stamp = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
// As the grid gives them: the schema lists the ACL like any field.
const columns: GridColumn[] = [
  { key: 'objectId', type: 'String' },
  { key: 'name', type: 'String' },
  { key: 'createdAt', type: 'Date' },
  { key: 'updatedAt', type: 'Date' },
  { key: 'ACL', type: 'ACL' },
];

function stub(defaultAcl: unknown, extra: Record<string, StubHandler> = {}, permissions?: string[]) {
  return stubFetch({
    'GET /api/session': sessionWith(permissions ?? ['data.read', 'data.write', 'schema.write']),
    [`GET ${SETTING}`]: () =>
      json(200, {
        defaultAcl,
        updatedAt: defaultAcl ? stamp.updatedAt : null,
        updatedBy: defaultAcl ? 'lead@example.com' : null,
      }),
    [`GET ${BASE}/roles`]: () => json(200, { results: [{ objectId: 'r1', name: 'Moderators', ...stamp }] }),
    [`POST ${BASE}/classes/Product`]: () => json(201, { objectId: 'new1', createdAt: stamp.createdAt }),
    ...extra,
  });
}

const renderDialog = (onCreated = vi.fn()) =>
  renderWithProviders(
    <AddRowDialog
      app="default"
      className="Product"
      columns={columns}
      onClose={() => {}}
      onCreated={onCreated}
    />,
  );

describe('the New object form', { timeout: 20_000 }, () => {
  it('has one ACL section, started from the suggestion while the app has no default', async () => {
    const { calls } = stub(null);
    const onCreated = vi.fn();
    const { user } = renderDialog(onCreated);
    const dialog = await screen.findByRole('dialog', { name: 'New Product object' });
    // One editor, so no two copies can disagree: the schema's ACL column is not a field here.
    const publicRead = await within(dialog).findAllByRole('checkbox', { name: 'Read for Public (everyone)' });
    expect(publicRead).toHaveLength(1);
    expect(within(dialog).queryByRole('group', { name: 'ACL' })).not.toBeInTheDocument();
    expect(within(dialog).getByText(/has no default ACL for new objects yet/)).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Read for Public (everyone)' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Write for Public (everyone)' })).not.toBeChecked();

    await user.type(within(dialog).getByLabelText('Text'), 'Kettle');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('new1'));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ name: 'Kettle', ACL: { '*': { read: true } } });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('starts from the app default, and makes the ACL chosen here the new default when asked', async () => {
    const acl = { '*': { read: true }, 'role:Moderators': { read: true, write: true } };
    const { calls } = stub(acl, {
      [`PUT ${SETTING}`]: (req) =>
        json(200, { ...(req.body as object), updatedAt: stamp.updatedAt, updatedBy: 'dev@example.com' }),
    });
    const onCreated = vi.fn();
    const { user } = renderDialog(onCreated);
    const dialog = await screen.findByRole('dialog', { name: 'New Product object' });
    expect(await within(dialog).findByText(/chosen by lead@example.com/)).toBeInTheDocument();
    const moderatorsWrite = within(dialog).getByRole('checkbox', { name: 'Write for role:Moderators' });
    expect(moderatorsWrite).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read for Public (everyone)' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /app’s new default/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('new1'));
    const chosen = { 'role:Moderators': { read: true, write: true } };
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ defaultAcl: chosen });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ACL: chosen });
  });

  it('does not offer to change the default to those who may not', async () => {
    stub(null, {}, ['data.read', 'data.write']);
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'New Product object' });
    await within(dialog).findByRole('checkbox', { name: 'Read for Public (everyone)' });
    expect(
      within(dialog).queryByRole('checkbox', { name: /default for new objects/ }),
    ).not.toBeInTheDocument();
  });
});
