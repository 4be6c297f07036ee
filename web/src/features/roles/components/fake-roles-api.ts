import { json } from '../../../test/fetch';
import type { StubHandler, StubRequest } from '../../../test/fetch';

/**
 * A tiny in-memory stand-in for the app's /1.1/roles and /1.1/users answers (the fetch edge), so
 * component tests see membership changes the way the pages would after a real write.
 */
export const BASE = '/api/apps/default/1.1';

export interface FakeRole {
  objectId: string;
  name: string;
  roles: string[];
  users: string[];
  ACL?: Record<string, { read?: true; write?: true }>;
}

const stamp = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

export function fakeRolesApi(
  roles: FakeRole[],
  users: { objectId: string; username: string }[],
  objects: Record<string, { objectId: string; ACL?: unknown }[]> = {},
  /** What the signed-in console user may do in the app `default`. */
  permissions: string[] = ['roles.read', 'roles.write', 'users.read', 'data.read'],
) {
  const where = (req: StubRequest) =>
    JSON.parse(req.url.searchParams.get('where') ?? '{}') as {
      $relatedTo?: { object: { objectId: string } };
      users?: { objectId: string };
      objectId?: string;
      name?: { $regex: string };
      $or?: { name?: { $regex: string } }[];
    };
  /** The ACL editor's name lookups: a name pattern, or any of several (case-insensitive). */
  const namePatterns = (w: ReturnType<typeof where>) =>
    [w.name, ...(w.$or ?? []).map((c) => c.name)]
      .filter((n): n is { $regex: string } => n !== undefined)
      .map((n) => new RegExp(n.$regex, 'i'));
  const role = ({ objectId, name }: FakeRole) => ({ objectId, name, ...stamp });
  const user = (u: { objectId: string; username: string }) => ({ ...u, ...stamp });
  const handlers: Record<string, StubHandler> = {
    'GET /api/session': () =>
      json(200, {
        user: { id: 'c1', email: 'dev@example.com', role: 'developer', appRoles: {} },
        permissions,
        appPermissions: { default: permissions },
      }),
    [`GET ${BASE}/roles`]: (req) => {
      const w = where(req);
      if (w.$relatedTo) {
        const owner = roles.find((r) => r.objectId === w.$relatedTo?.object.objectId);
        return json(200, { results: roles.filter((r) => owner?.roles.includes(r.objectId)).map(role) });
      }
      if (w.objectId) {
        const one = roles.filter((r) => r.objectId === w.objectId);
        return json(200, { results: one.map((r) => ({ ...role(r), ACL: r.ACL })) });
      }
      const patterns = namePatterns(w);
      if (patterns.length > 0)
        return json(200, { results: roles.filter((r) => patterns.some((p) => p.test(r.name))).map(role) });
      const member = w.users?.objectId;
      if (member) return json(200, { results: roles.filter((r) => r.users.includes(member)).map(role) });
      return json(200, { results: roles.map(role) });
    },
    [`GET ${BASE}/users`]: (req) => {
      const w = where(req);
      if (w.$relatedTo) {
        const owner = roles.find((r) => r.objectId === w.$relatedTo?.object.objectId);
        return json(200, { results: users.filter((u) => owner?.users.includes(u.objectId)).map(user) });
      }
      return json(200, { results: users.map(user) });
    },
    [`POST ${BASE}/roles`]: (req) => {
      const body = req.body as { name: string };
      roles.push({ objectId: `r${roles.length + 1}`, name: body.name, roles: [], users: [] });
      return json(201, { objectId: `r${roles.length}`, createdAt: stamp.createdAt });
    },
  };
  for (const r of roles) {
    handlers[`DELETE ${BASE}/roles/${r.objectId}`] = () => {
      roles.splice(roles.indexOf(r), 1);
      return json(200, {});
    };
    handlers[`PUT ${BASE}/roles/${r.objectId}`] = (req) => {
      const { ACL, ...ops } = req.body as {
        ACL?: FakeRole['ACL'];
      } & Record<string, { __op: string; objects: { objectId: string }[] }>;
      if (ACL) r.ACL = ACL;
      for (const [field, op] of Object.entries(ops)) {
        const list = r[field as 'roles' | 'users'];
        for (const o of op.objects) {
          if (op.__op === 'AddRelation' && !list.includes(o.objectId)) list.push(o.objectId);
          if (op.__op === 'RemoveRelation') list.splice(list.indexOf(o.objectId), 1);
        }
      }
      return json(200, { updatedAt: stamp.updatedAt });
    };
  }
  for (const [className, list] of Object.entries(objects)) {
    handlers[`GET ${BASE}/classes/${className}`] = (req) =>
      json(200, {
        results: list.filter((o) => o.objectId === where(req).objectId).map((o) => ({ ...o, ...stamp })),
      });
  }
  return handlers;
}
