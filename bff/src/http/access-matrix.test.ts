import {
  classPermission,
  CONSOLE_ROLES,
  consoleRoutes,
  matchUpstreamRoute,
  roleHas,
  upstreamPrefix,
  upstreamRoutes,
} from '@switchboard/shared';
import type { ConsoleRole, Params, Permission, RouteDef, UpstreamRoute } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueLink } from '../domain/password-links';
import { createUser, findUserByEmail, findUserById } from '../domain/users';
import { ConsoleClient, startBff, testConfig } from '../test/harness';
import type { TestBff } from '../test/harness';
import { startUpstreamServer } from '../test/upstream-server';
import type { UpstreamServer } from '../test/upstream-server';

/*
 * Every console route and every allowlisted upstream route, called by every role, checked against
 * the permission table alone: the expected outcome of each case is computed here from
 * ROLE_PERMISSIONS (roleHas) and the permission each route declares, never written down by hand.
 * A role without the permission gets 403 `forbidden` from the bff, whatever the web app shows.
 */

const PASSWORD = 'access matrix password';
const APPS = ['default', 'second'] as const;
type AppId = (typeof APPS)[number];

interface Principal {
  name: string;
  email: string;
  role: ConsoleRole;
  appRoles: Partial<Record<AppId, ConsoleRole>>;
}

/** One user per role, and users whose role in `second` differs from their console-wide one. */
const principals: Principal[] = [
  ...CONSOLE_ROLES.map((role) => ({ name: role, email: `${role}@example.com`, role, appRoles: {} })),
  {
    name: 'viewer (developer in second)',
    email: 'viewer-dev@example.com',
    role: 'viewer',
    appRoles: { second: 'developer' },
  },
  {
    name: 'admin (viewer in second)',
    email: 'admin-viewer@example.com',
    role: 'admin',
    appRoles: { second: 'viewer' },
  },
  {
    name: 'support (admin in second)',
    email: 'support-admin@example.com',
    role: 'support',
    appRoles: { second: 'admin' },
  },
];

/** The role that applies in an app: the per-app one, else the console-wide one. */
const roleIn = (p: Principal, app: AppId): ConsoleRole => p.appRoles[app] ?? p.role;

/** Who calls in which app: everyone in `default`; users with per-app roles in every app. */
const combos = principals.flatMap((p) =>
  (Object.keys(p.appRoles).length > 0 ? APPS : (['default'] as const)).map((app) => ({
    p,
    app,
    role: roleIn(p, app),
  })),
);

const byRole = (role: ConsoleRole) =>
  principals.find((p) => p.role === role && Object.keys(p.appRoles).length === 0)!;

let upstream: UpstreamServer;
let bff: TestBff;
const sessions = new Map<Principal, ConsoleClient>();
let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}-${Date.now().toString(36)}`;

async function signIn(p: Principal): Promise<ConsoleClient> {
  const c = new ConsoleClient(bff.url);
  await c.login(p.email, PASSWORD);
  sessions.set(p, c);
  return c;
}

const session = (p: Principal): ConsoleClient => {
  const c = sessions.get(p);
  if (!c) throw new Error(`no session for ${p.name}`);
  return c;
};

/** Signs the principal in again when a case ended or replaced their session. */
async function keepSession(p: Principal): Promise<void> {
  const r = await session(p).call('GET', consoleRoutes.getSession.path);
  if (r.status !== 200 || (r.json.user as { email?: string } | undefined)?.email !== p.email) await signIn(p);
}

const admin = () => session(byRole('admin'));

beforeAll(async () => {
  upstream = await startUpstreamServer({ seedDemo: true });
  const config = testConfig(upstream.url);
  const base = { ...config.apps[0]!, ...upstream.keys };
  config.apps = [base, { ...base, id: 'second', name: 'Second app' }];
  bff = await startBff(config);
  for (const p of principals) {
    await createUser(bff.sql, {
      email: p.email,
      password: PASSWORD,
      role: p.role,
      appRoles: p.appRoles,
    });
  }
  await Promise.all(principals.map(signIn));
  await loadDemoIds();
}, 120_000);

afterAll(async () => {
  await bff?.close();
  await upstream?.stop();
});

// ---------------------------------------------------------------------------------------------
// Console routes

type RouteKey = keyof typeof consoleRoutes;

interface ConsoleRequest {
  path: string;
  body?: unknown;
  /** Checks the state afterwards; returns what is wrong, if anything. */
  check?: (allowed: boolean) => Promise<string | undefined>;
}

/** An invited console user (no password yet), for admin routes to act on. */
async function throwawayUser(): Promise<string> {
  return (await createUser(bff.sql, { email: `${unique('target')}@example.com`, role: 'operator' })).id;
}

/**
 * A request for a console route that passes its contract where one can be built. What the
 * answer must be is not decided here: only the route's `access` decides that.
 */
async function consoleRequest(
  key: RouteKey,
  route: RouteDef,
  who: Principal | undefined,
): Promise<ConsoleRequest> {
  const values: Record<string, () => Promise<string> | string> = {
    app: () => 'default',
    id: throwawayUser,
    className: () => 'Product',
  };
  const ids: Record<string, string> = {};
  for (const [, name] of route.path.matchAll(/:(\w+)/g)) {
    const value = values[name!];
    if (!value) throw new Error(`${key}: no value for :${name!}; add one to consoleRequest`);
    ids[name!] = await value();
  }
  let path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(ids[name]!));
  const queries: Partial<Record<RouteKey, Record<string, string>>> = {
    listAudit: { limit: '1' },
    exportAudit: { format: 'csv' },
    exportClass: { format: 'csv' },
    uploadMigration: { name: 'export.jsonl' },
    uploadFile: { name: 'a.txt' },
    uploadMessageImage: { name: 'a.png' },
    uploadServiceMessageImage: { name: 'a.png' },
  };
  const query = queries[key] ?? {};
  if (route.query) expect(route.query.safeParse(query).success, `${key} query`).toBe(true);
  if (Object.keys(query).length > 0) path += `?${new URLSearchParams(query).toString()}`;

  let body: unknown;
  let check: ConsoleRequest['check'];
  switch (key) {
    case 'setup':
      body = { token: 'not-the-setup-token', email: `${unique('late')}@example.com`, password: PASSWORD };
      break;
    case 'login':
      body = { email: (who ?? byRole('viewer')).email, password: PASSWORD };
      break;
    case 'usePasswordLink': {
      const invited = await createUser(bff.sql, {
        email: `${unique('invited')}@example.com`,
        role: 'viewer',
      });
      const link = await issueLink(bff.sql, invited.id, 'invite');
      body = { token: link.url.split('#')[1], password: PASSWORD };
      break;
    }
    case 'confirmTotp':
    case 'disableTotp':
      body = { code: '000000' };
      break;
    case 'createConsoleUser': {
      const email = `${unique('created')}@example.com`;
      body = { email, role: 'viewer' };
      check = async (allowed) => {
        const found = await findUserByEmail(bff.sql, email);
        return Boolean(found) === allowed ? undefined : `the user was ${found ? '' : 'not '}created`;
      };
      break;
    }
    case 'putDefaultAcl':
      body = { defaultAcl: { '*': { read: true } } };
      break;
    case 'pushTestSend':
      body = { installation: 'nosuchinstallation', data: { alert: 'x' } };
      break;
    case 'createView':
      body = { name: unique('view'), className: 'Product', query: 'order=-createdAt' };
      break;
    case 'updateConsoleUser': {
      body = { role: 'viewer' };
      const id = ids.id!;
      check = async (allowed) => {
        const role = (await findUserById(bff.sql, id))?.role;
        return role === (allowed ? 'viewer' : 'operator')
          ? undefined
          : `the target's role is ${String(role)}`;
      };
      break;
    }
    default:
      // A route without a body schema of its own takes none; others get the emptiest object.
      body = route.body.safeParse(undefined).success || route.method === 'GET' ? undefined : {};
      if (body !== undefined && !route.body.safeParse(body).success) body = undefined;
  }
  if (body !== undefined) expect(route.body.safeParse(body).success, `${key} body`).toBe(true);
  return { path, body, check };
}

interface Outcome {
  status: number;
  code: unknown;
}

/** What the table says of one console call, or undefined when the answer agrees with it. */
function consoleVerdict(route: RouteDef, who: Principal | undefined, r: Outcome): string | undefined {
  const refused = r.status === 403 && r.code === 'forbidden';
  if (route.access === 'public') {
    return r.status === 401 || refused ? 'a public route must not refuse' : undefined;
  }
  if (!who) return r.status === 401 ? undefined : 'expected 401 when signed out';
  if (route.access === 'authenticated') {
    return r.status === 401 || r.status === 403 ? 'expected any signed-in user to pass' : undefined;
  }
  // Console routes are authorized by the console-wide role (per-app roles do not count).
  if (!roleHas(who.role, route.access))
    return refused ? undefined : `expected 403 forbidden (no ${route.access})`;
  return r.status === 401 || r.code === 'forbidden' || r.status >= 500
    ? `expected ${route.access} to pass`
    : undefined;
}

const consoleEntries = Object.entries(consoleRoutes) as [RouteKey, RouteDef][];

describe('console routes × roles', () => {
  it('answer every role as the permission table says', async () => {
    const wrong: string[] = [];
    let cases = 0;
    for (const [key, route] of consoleEntries) {
      for (const who of principals) {
        const req = await consoleRequest(key, route, who);
        const r = await session(who).call(route.method, req.path, req.body);
        cases++;
        const problem =
          consoleVerdict(route, who, { status: r.status, code: r.json.code }) ??
          (await req.check?.(
            route.access !== 'public' && route.access !== 'authenticated' && roleHas(who.role, route.access),
          ));
        if (problem)
          wrong.push(
            `${who.name}: ${route.method} ${req.path} → ${r.status} ${String(r.json.code)}: ${problem}`,
          );
        await keepSession(who);
      }
    }
    expect(cases).toBe(consoleEntries.length * principals.length);
    expect(wrong).toEqual([]);
  }, 300_000);

  it('answer 401 to a signed-out client on every route that is not public', async () => {
    const wrong: string[] = [];
    for (const [key, route] of consoleEntries) {
      const req = await consoleRequest(key, route, undefined);
      // A fresh client each time: a public login or password link would sign it in.
      const r = await new ConsoleClient(bff.url).call(route.method, req.path, req.body);
      const problem =
        consoleVerdict(route, undefined, { status: r.status, code: r.json.code }) ??
        (route.access === 'public' || r.json.code === 'unauthenticated'
          ? undefined
          : 'expected code unauthenticated');
      if (problem)
        wrong.push(
          `signed out: ${route.method} ${req.path} → ${r.status} ${String(r.json.code)}: ${problem}`,
        );
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------
// Upstream routes

/**
 * Classes a `:className` route is tried with: an ordinary class, and the built-ins that have a
 * permission area of their own.
 */
const CLASSES = [
  'Product',
  '_User',
  '_Role',
  '_File',
  'files',
  '_Installation',
  '_Conversation',
  '_Notification',
];
const MISSING = 'doesnotexist0';
/**
 * Deleting a class is tried on one that does not exist (an allowed call answers 404), never on a
 * class the other cases read; the refused deletes are checked to leave Product whole below.
 */
const DELETED_CLASS = 'MatrixNeverCreated';
const deletesClass = (route: UpstreamRoute) =>
  route.method === 'DELETE' && route.path === '/1.1/schemas/:className';
const realIds: Record<string, string> = {};

async function loadDemoIds() {
  for (const c of CLASSES) {
    const r = await admin().call('GET', `${upstreamPrefix('default')}/1.1/classes/${c}?limit=1`);
    const first = (r.json.results as { objectId?: string }[] | undefined)?.[0];
    if (first?.objectId) realIds[c] = first.objectId;
  }
  if (!realIds.Product) throw new Error('the demo data has no Product');
}

interface UpstreamCase {
  route: UpstreamRoute;
  label: string;
  /** Upstream path, e.g. /1.1/classes/Product/abc. */
  path: string;
  query: Record<string, string>;
  body?: unknown;
  permission: Permission;
}

const permissionOfRoute = (route: UpstreamRoute, params: Params): Permission => {
  const p = route.permission;
  if (p === 'per-element') throw new Error('a batch has no permission of its own');
  return typeof p === 'function' ? p(params) : p;
};

const firstValid = (schema: { safeParse(v: unknown): { success: boolean } }, candidates: unknown[]) =>
  candidates.find((c) => schema.safeParse(c).success);

/** A concrete call of one route (and class): real ids for reads, a missing one for writes. */
function concrete(
  route: UpstreamRoute,
  className: string | undefined,
): Omit<UpstreamCase, 'permission'> & { params: Params } {
  const cls = className ?? route.className;
  const values: Record<string, string> = {
    className: deletesClass(route) && className === 'Product' ? DELETED_CLASS : (className ?? ''),
    objectId: route.method === 'GET' && cls && realIds[cls] ? realIds[cls] : MISSING,
    pushId: MISSING,
    taskId: MISSING,
    convId: 'conv1',
    messageId: 'msg1',
    clientId: 'client1',
  };
  const params: Params = {};
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`${route.path}: no value for :${name}`);
    params[name] = v;
    return v;
  });
  const query = firstValid(route.query, [
    {},
    { from_client: 'a', timestamp: '1' },
    { session_token: 'not-a-session' },
  ]) as Record<string, string> | undefined;
  if (!query) throw new Error(`${route.method} ${route.path}: no valid query; add one to concrete()`);
  let body: unknown;
  if (route.body) {
    body = firstValid(route.body, [
      ...(route.path === '/1.1/exportData' ? [{ classes: 'Review' }] : []),
      {},
      { client_ids: ['a'] },
      { from_client: 'a', timestamp: 1 },
      { from_client: 'a', timestamp: 1, message: 'x' },
      { client_id: 'a' },
      { email: 'nobody@example.com' },
      { requests: [batchElement()] },
      { fields: {} },
    ]);
    if (body === undefined)
      throw new Error(`${route.method} ${route.path}: no valid body; add one to concrete()`);
  }
  const label = `${route.method} ${route.path}${className ? ` [${className}]` : ''}`;
  return { route, label, path, query, body, params };
}

/** The one-element batch of the matrix: a read of a real object. */
function batchElement() {
  return { method: 'GET', path: `/1.1/classes/Product/${realIds.Product ?? MISSING}` };
}

function upstreamCases(): UpstreamCase[] {
  return upstreamRoutes.flatMap((route) =>
    (route.path.includes(':className') ? CLASSES : [undefined]).map((className): UpstreamCase => {
      const c = concrete(route, className);
      // The concrete path must reach the route it was built from.
      expect(matchUpstreamRoute(route.method, c.path)?.route, c.label).toBe(route);
      let permission: Permission;
      if (route.permission === 'per-element') {
        const el = batchElement();
        const match = matchUpstreamRoute(el.method, el.path);
        if (!match) throw new Error('the batch element matches no route');
        permission = permissionOfRoute(match.route, match.params);
      } else {
        permission = permissionOfRoute(route, c.params);
      }
      return { route, label: c.label, path: c.path, query: c.query, body: c.body, permission };
    }),
  );
}

const withQuery = (path: string, query: Record<string, string>) =>
  Object.keys(query).length > 0 ? `${path}?${new URLSearchParams(query).toString()}` : path;

/** Runs fn over items, a few at a time. */
async function inPool<T>(items: readonly T[], width: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

function upstreamVerdict(allowed: boolean, need: Permission, r: Outcome): string | undefined {
  if (!allowed)
    return r.status === 403 && r.code === 'forbidden' ? undefined : `expected 403 forbidden (no ${need})`;
  return r.status === 401 || r.code === 'forbidden' || r.status >= 500
    ? `expected ${need} to pass`
    : undefined;
}

describe('upstream routes × roles', () => {
  it('answer every role, in each app with its role there, as the permission table says', async () => {
    const cases = upstreamCases();
    expect(new Set(cases.map((c) => c.route)).size).toBe(upstreamRoutes.length);
    for (const c of CLASSES.slice(1)) {
      // Each built-in tried here has an area of its own for reads or writes.
      expect([classPermission(c, 'read'), classPermission(c, 'write')], c).not.toEqual([
        'data.read',
        'data.write',
      ]);
    }
    const wrong: string[] = [];
    const all = combos.flatMap((combo) => cases.map((c) => ({ combo, c })));
    await inPool(all, 6, async ({ combo, c }) => {
      const r = await session(combo.p).call(
        c.route.method,
        withQuery(`${upstreamPrefix(combo.app)}${c.path}`, c.query),
        c.body,
      );
      const problem = upstreamVerdict(roleHas(combo.role, c.permission), c.permission, {
        status: r.status,
        code: r.json.code,
      });
      if (problem) {
        wrong.push(
          `${combo.p.name} in ${combo.app} (${combo.role}): ${c.label} → ${r.status} ${String(r.json.code)}: ${problem}`,
        );
      }
    });
    expect(all.length).toBe(combos.length * cases.length);
    expect(wrong).toEqual([]);
  }, 300_000);

  it('answer 401 to a signed-out client on every route', async () => {
    const wrong: string[] = [];
    const out = new ConsoleClient(bff.url);
    for (const c of upstreamCases()) {
      for (const app of APPS) {
        const r = await out.call(
          c.route.method,
          withQuery(`${upstreamPrefix(app)}${c.path}`, c.query),
          c.body,
        );
        if (r.status !== 401 || r.json.code !== 'unauthenticated')
          wrong.push(`${app}: ${c.label} → ${r.status}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('never reach the upstream for a refused write: the real object stays as it was', async () => {
    const id = realIds.Product!;
    const objectPath = `/1.1/classes/Product/${id}`;
    const put = upstreamRoutes.find(
      (r) => r.method === 'PUT' && r.path === '/1.1/classes/:className/:objectId',
    )!;
    const del = upstreamRoutes.find(
      (r) => r.method === 'DELETE' && r.path === '/1.1/classes/:className/:objectId',
    )!;
    const before = await admin().call('GET', `${upstreamPrefix('default')}${objectPath}`);
    expect(before.status).toBe(200);
    const refused = combos.filter(
      (c) => !roleHas(c.role, permissionOfRoute(del, { className: 'Product', objectId: id })),
    );
    expect(refused.length).toBeGreaterThan(0);
    for (const { p, app, role } of refused) {
      const prefix = upstreamPrefix(app);
      const r1 = await session(p).call('PUT', `${prefix}${objectPath}`, { name: `changed by ${role}` });
      const r2 = await session(p).call('DELETE', `${prefix}${objectPath}`);
      expect([r1.status, r1.json.code, r2.status, r2.json.code], `${p.name} in ${app}`).toEqual([
        403,
        'forbidden',
        403,
        'forbidden',
      ]);
      expect(roleHas(role, permissionOfRoute(put, { className: 'Product', objectId: id }))).toBe(false);
    }
    const after = await admin().call('GET', `${upstreamPrefix('default')}${objectPath}`);
    expect(after.status).toBe(200);
    expect(after.json).toEqual(before.json);
  }, 120_000);

  it('never reach the upstream for a refused class delete: Product keeps its objects and fields', async () => {
    const schemaPath = '/1.1/schemas/Product';
    const before = await admin().call('GET', `${upstreamPrefix('default')}${schemaPath}`);
    expect(before.status).toBe(200);
    const refused = combos.filter((c) => !roleHas(c.role, 'schema.write'));
    expect(refused.length).toBeGreaterThan(0);
    for (const { p, app } of refused) {
      const prefix = upstreamPrefix(app);
      const r1 = await session(p).call('DELETE', `${prefix}${schemaPath}`);
      const r2 = await session(p).call('PUT', `${prefix}${schemaPath}`, {
        fields: { name: { __op: 'Delete' } },
      });
      expect([r1.status, r1.json.code, r2.status, r2.json.code], `${p.name} in ${app}`).toEqual([
        403,
        'forbidden',
        403,
        'forbidden',
      ]);
    }
    const after = await admin().call('GET', `${upstreamPrefix('default')}${schemaPath}`);
    expect(after.json).toEqual(before.json);
    expect(
      (await admin().call('GET', `${upstreamPrefix('default')}/1.1/classes/Product/${realIds.Product!}`))
        .status,
    ).toBe(200);
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------
// Batches

interface Element {
  method: string;
  path: string;
  body?: unknown;
  permission: Permission;
  /** For a create: the class whose objects carry the marker. */
  createsIn?: string;
}

/** Batchable calls, creates first (each marks what it creates, so its absence can be checked). */
function batchCandidates(marker: string): Element[] {
  const creates: Element[] = [];
  const reads: Element[] = [];
  for (const route of upstreamRoutes.filter((r) => r.batchable)) {
    for (const className of route.path.includes(':className') ? CLASSES : [undefined]) {
      const c = concrete(route, className);
      if (route.method === 'POST' && className) {
        creates.push({
          method: 'POST',
          path: c.path,
          body: { marker },
          permission: permissionOfRoute(route, c.params),
          createsIn: className,
        });
      } else if (route.method === 'GET') {
        reads.push({
          method: 'GET',
          path: withQuery(c.path, c.query),
          permission: permissionOfRoute(route, c.params),
        });
      }
    }
  }
  // Classes an object can be created in with just a field (so an allowed create really lands).
  const easy = (e: Element) =>
    e.createsIn && ['Product', '_Conversation', '_Notification'].includes(e.createsIn) ? 0 : 1;
  return [...creates.sort((a, b) => easy(a) - easy(b)), ...reads];
}

/** How many objects of a class carry the marker (0 for a class the app does not have). */
async function marked(className: string, marker: string): Promise<number> {
  const where = encodeURIComponent(JSON.stringify({ marker }));
  const r = await admin().call(
    'GET',
    `${upstreamPrefix('default')}/1.1/classes/${className}?where=${where}&count=1&limit=0`,
  );
  if (r.status === 404) return 0;
  expect(r.status, `count ${className}: ${r.text}`).toBe(200);
  return r.json.count as number;
}

const strip = ({ method, path, body }: Element) => ({
  method,
  path,
  ...(body === undefined ? {} : { body }),
});

describe('batches × roles', () => {
  it('refuse a batch mixing an allowed and a forbidden element, and send none of it', async () => {
    const wrong: string[] = [];
    let tried = 0;
    for (const { p, app, role } of combos) {
      const marker = unique('mixed');
      const candidates = batchCandidates(marker);
      const allowed = candidates.find((e) => roleHas(role, e.permission));
      const forbidden = candidates.find((e) => e.createsIn && !roleHas(role, e.permission));
      if (!forbidden) {
        // Only a role holding every permission a batch element can need has nothing to refuse.
        expect(candidates.every((e) => roleHas(role, e.permission))).toBe(true);
        continue;
      }
      expect(allowed, `${role} may do something in a batch`).toBeDefined();
      for (const order of [
        [allowed!, forbidden],
        [forbidden, allowed!],
      ]) {
        tried++;
        const r = await session(p).call('POST', `${upstreamPrefix(app)}/1.1/batch`, {
          requests: order.map(strip),
        });
        if (r.status !== 403 || r.json.code !== 'forbidden') {
          wrong.push(
            `${p.name} in ${app} (${role}): [${order.map((e) => `${e.method} ${e.path}`).join(', ')}] → ${r.status}`,
          );
        }
      }
      for (const e of [allowed!, forbidden]) {
        if (e.createsIn && (await marked(e.createsIn, marker)) !== 0) {
          wrong.push(`${p.name} in ${app}: a refused batch created an object in ${e.createsIn}`);
        }
      }
    }
    expect(tried).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  }, 120_000);

  it('send a batch of allowed elements only', async () => {
    const wrong: string[] = [];
    for (const { p, app, role } of combos) {
      const marker = unique('allowed');
      const allowed = batchCandidates(marker).filter((e) => roleHas(role, e.permission));
      const write = allowed.find((e) => e.createsIn === 'Product');
      const read = allowed.find((e) => e.method === 'GET');
      const elements = [write, read].filter((e): e is Element => e !== undefined);
      expect(elements.length, `${role} may do something in a batch`).toBeGreaterThan(0);
      const r = await session(p).call('POST', `${upstreamPrefix(app)}/1.1/batch`, {
        requests: elements.map(strip),
      });
      if (r.status !== 200 || !Array.isArray(JSON.parse(r.text))) {
        wrong.push(`${p.name} in ${app} (${role}) → ${r.status} ${String(r.json.code)}`);
        continue;
      }
      if (write && (await marked('Product', marker)) !== 1)
        wrong.push(`${p.name} in ${app}: the create did not land`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
