import { json } from '../../../../test/fetch';
import type { StubHandler } from '../../../../test/fetch';

/** What the BFF answers for the class list and schema tests. */
export const sessionBody = (permissions: string[]) => ({
  user: { id: 'u1', email: 'dev@example.com', role: 'developer', appRoles: {} },
  permissions,
  appPermissions: { default: permissions },
});

export const sessionWith =
  (permissions: string[]): StubHandler =>
  () =>
    json(200, sessionBody(permissions));

export const capabilitiesBody = (schemaWrite: boolean) => ({
  app: 'default',
  reachable: true,
  areas: { storage: true, push: false, im: false, schemaWrite },
  source: 'probe',
});

export const capabilities =
  (schemaWrite: boolean): StubHandler =>
  () =>
    json(200, capabilitiesBody(schemaWrite));

export const schemas = {
  Product: {
    objectId: { type: 'String' },
    createdAt: { type: 'Date' },
    updatedAt: { type: 'Date' },
    ACL: { type: 'ACL' },
    name: { type: 'String' },
    seller: { type: 'Pointer', className: '_User' },
  },
  Event: { objectId: { type: 'String' } },
  Draft: { objectId: { type: 'String' } },
  _User: { objectId: { type: 'String' }, username: { type: 'String' } },
};

export const stats: StubHandler = () =>
  json(200, {
    results: [
      { className: 'Draft', estimatedCount: 0, exact: true },
      { className: 'Event', estimatedCount: 25_300, exact: false },
      { className: 'Product', estimatedCount: 52, exact: true },
      { className: '_User', estimatedCount: 3, exact: true },
    ],
  });

export const API = '/api/apps/default/1.1';
