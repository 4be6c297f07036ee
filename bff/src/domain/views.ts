import { randomUUID } from 'node:crypto';
import { roleForApp, userHas } from '@switchboard/shared';
import type { ConsoleUser, CreateViewBody, SavedView, UpdateViewBody } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { record } from './audit';
import type { RequestMeta } from './audit';
import { forbidden, notFound } from './errors';

/** Who asks, in which app (the HTTP layer has checked they may read its data), from where. */
export interface ViewContext {
  sql: Sql;
  actor: ConsoleUser;
  app: string;
  meta: RequestMeta;
}

interface Row {
  id: string;
  app: string;
  class_name: string;
  name: string;
  query: string;
  shared: boolean;
  owner_id: string;
  owner_email: string;
  created_at: Date | string;
  updated_at: Date | string;
}

const SELECT = `SELECT v.id, v.app, v.class_name, v.name, v.query, v.shared, v.owner_id,
    u.email AS owner_email, v.created_at, v.updated_at
  FROM console_saved_views v JOIN console_users u ON u.id = v.owner_id`;

const toView = (r: Row, callerId: string): SavedView => ({
  id: r.id,
  app: r.app,
  className: r.class_name,
  name: r.name,
  query: r.query,
  shared: r.shared,
  ownerId: r.owner_id,
  ownerEmail: r.owner_email,
  mine: r.owner_id === callerId,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** The caller's own views of the app and everyone's shared ones, optionally of one class. */
export async function listViews(ctx: ViewContext, className?: string): Promise<SavedView[]> {
  const rows = await ctx.sql.query<Row>(
    `${SELECT} WHERE v.app = $1 AND (v.owner_id = $2 OR v.shared)
       AND ($3::text IS NULL OR v.class_name = $3)
     ORDER BY lower(v.name), v.created_at`,
    [ctx.app, ctx.actor.id, className ?? null],
  );
  return rows.map((r) => toView(r, ctx.actor.id));
}

async function find(ctx: ViewContext, id: string): Promise<SavedView> {
  const [row] = await ctx.sql.query<Row>(`${SELECT} WHERE v.id = $1`, [id]);
  if (!row) throw notFound('There is no such saved view.');
  return toView(row, ctx.actor.id);
}

/** A view the caller can see; one they cannot is as good as missing (its name stays private). */
async function visible(ctx: ViewContext, id: string): Promise<SavedView> {
  const [row] = await ctx.sql.query<Row>(
    `${SELECT} WHERE v.id = $1 AND v.app = $2 AND (v.owner_id = $3 OR v.shared)`,
    [id, ctx.app, ctx.actor.id],
  );
  if (!row) throw notFound('There is no such saved view.');
  return toView(row, ctx.actor.id);
}

/** Only the owner, or an admin of the app, may change or delete a view (shared ones too). */
function mayChange(ctx: ViewContext, view: SavedView): void {
  if (view.ownerId === ctx.actor.id || roleForApp(ctx.actor, ctx.app) === 'admin') return;
  throw forbidden(
    `The view "${view.name}" belongs to ${view.ownerEmail}; only they or an admin may change it.`,
  );
}

/**
 * A shared view is shown to everyone who reads the app, so keeping one shared is writing for
 * others: it takes `data.write` in the app. A viewer keeps views of their own (and may stop
 * sharing or delete one they shared before).
 */
async function mayShare(ctx: ViewContext, action: string, className: string): Promise<void> {
  if (userHas(ctx.actor, 'data.write', ctx.app)) return;
  await record(ctx.sql, {
    ...ctx.meta,
    actor: ctx.actor,
    app: ctx.app,
    action,
    target: { class: className },
    summary: { shared: true, permission: 'data.write' },
    result: 'denied',
    status: 403,
  });
  throw forbidden(
    `Your role in this app (${roleForApp(ctx.actor, ctx.app)}) may save views for yourself only: ` +
      'sharing a view with everyone needs the "data.write" permission.',
  );
}

const audited = (
  ctx: ViewContext,
  action: string,
  view: SavedView,
  before: SavedView | undefined,
  after: SavedView | undefined,
) =>
  record(ctx.sql, {
    ...ctx.meta,
    actor: ctx.actor,
    app: ctx.app,
    action,
    target: { class: view.className },
    summary: { view: view.id, name: view.name },
    before,
    after,
    result: 'ok',
    status: 200,
  });

export async function createView(ctx: ViewContext, body: CreateViewBody): Promise<SavedView> {
  if (body.shared) await mayShare(ctx, 'view.create', body.className);
  const id = randomUUID();
  await ctx.sql.query(
    `INSERT INTO console_saved_views (id, app, class_name, name, query, shared, owner_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [id, ctx.app, body.className, body.name, body.query, body.shared, ctx.actor.id],
  );
  const view = await visible(ctx, id);
  await audited(ctx, 'view.create', view, undefined, view);
  return view;
}

export async function updateView(ctx: ViewContext, id: string, body: UpdateViewBody): Promise<SavedView> {
  const before = await visible(ctx, id);
  mayChange(ctx, before);
  if (body.shared ?? before.shared) await mayShare(ctx, 'view.update', before.className);
  await ctx.sql.query(
    `UPDATE console_saved_views
        SET name = coalesce($2, name), query = coalesce($3, query), shared = coalesce($4, shared),
            updated_at = now()
      WHERE id = $1`,
    [id, body.name ?? null, body.query ?? null, body.shared ?? null],
  );
  // Not `visible`: an admin may have just made someone else's view private.
  const after = await find(ctx, id);
  await audited(ctx, 'view.update', after, before, after);
  return after;
}

export async function deleteView(ctx: ViewContext, id: string): Promise<void> {
  const before = await visible(ctx, id);
  mayChange(ctx, before);
  await ctx.sql.query('DELETE FROM console_saved_views WHERE id = $1', [id]);
  await audited(ctx, 'view.delete', before, before, undefined);
}
