import type {
  ConsoleRole,
  ConsoleUser,
  ConsoleUserRecord,
  CreateConsoleUserBody,
  PasswordLink,
  UpdateConsoleUserBody,
} from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { record } from './audit';
import type { RequestMeta } from './audit';
import { ConsoleError, notFound } from './errors';
import { issueLink } from './password-links';
import { resetTotp } from './totp';
import { forgetUser } from './session-cache';
import { deleteUserSessions } from './sessions';
import { createUser, findUserByEmail, normalizeEmail, setAppRoles, toRecord, USER_COLUMNS } from './users';
import type { UserRow } from './users';

/** Who asks (an admin), from where, and which apps exist (per-app roles must name one). */
export interface AdminContext {
  sql: Sql;
  actor: ConsoleUser;
  meta: RequestMeta;
  appIds: readonly string[];
}

interface ListRow extends UserRow {
  totp_enabled: boolean;
}

const SELECT = `SELECT ${USER_COLUMNS}, u.totp_secret IS NOT NULL AS totp_enabled FROM console_users u`;

const toOut = (r: ListRow): ConsoleUserRecord => {
  const u = toRecord(r);
  return {
    id: u.id,
    email: u.email,
    role: u.role,
    appRoles: u.appRoles,
    disabled: u.disabled,
    invited: u.passwordHash === null,
    totpEnabled: r.totp_enabled,
    createdAt: new Date(u.createdAt).toISOString(),
    lastLoginAt: u.lastLoginAt ? new Date(u.lastLoginAt).toISOString() : null,
  };
};

export async function listConsoleUsers(sql: Sql): Promise<ConsoleUserRecord[]> {
  return (await sql.query<ListRow>(`${SELECT} ORDER BY u.email`)).map(toOut);
}

async function get(sql: Sql, id: string): Promise<ConsoleUserRecord> {
  const [row] = await sql.query<ListRow>(`${SELECT} WHERE u.id = $1`, [id]);
  if (!row) throw notFound('There is no such console user.');
  return toOut(row);
}

function checkApps(ctx: AdminContext, appRoles: Record<string, ConsoleRole> | undefined) {
  const unknown = Object.keys(appRoles ?? {}).filter((a) => !ctx.appIds.includes(a));
  if (unknown.length > 0) {
    throw new ConsoleError(
      400,
      'validation_failed',
      `There is no app "${unknown[0] ?? ''}"; roles can be given for ${ctx.appIds.join(', ')}.`,
      unknown.map((a) => ({ path: `appRoles.${a}`, message: 'no such app' })),
    );
  }
}

/**
 * Runs an admin change in one transaction, under a lock that serializes changes to admins, and
 * refuses it if no enabled admin would be left (the console would be unmanageable).
 */
async function change<T>(ctx: AdminContext, fn: (tx: Sql) => Promise<T>): Promise<T> {
  return ctx.sql.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('console_admins'))");
    const result = await fn(tx);
    const [row] = await tx.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM console_users WHERE role = 'admin' AND NOT disabled",
    );
    if ((row?.n ?? 0) === 0) {
      throw new ConsoleError(409, 'conflict', 'This would leave the console without an enabled admin.');
    }
    return result;
  });
}

const audited = async (
  ctx: AdminContext,
  action: string,
  id: string,
  before: ConsoleUserRecord | undefined,
  after: ConsoleUserRecord | undefined,
  summary?: unknown,
) =>
  record(ctx.sql, {
    ...ctx.meta,
    actor: ctx.actor,
    action,
    target: { consoleUser: id },
    summary,
    before,
    after,
    result: 'ok',
    status: 200,
  });

export async function createConsoleUser(
  ctx: AdminContext,
  body: CreateConsoleUserBody,
): Promise<{ user: ConsoleUserRecord; link?: PasswordLink }> {
  checkApps(ctx, body.appRoles);
  const { user, link } = await change(ctx, async (tx) => {
    if (await findUserByEmail(tx, body.email)) {
      throw new ConsoleError(
        409,
        'conflict',
        `A console user with the e-mail ${normalizeEmail(body.email)} exists.`,
      );
    }
    const created = await createUser(tx, body);
    const link = body.password === undefined ? await issueLink(tx, created.id, 'invite') : undefined;
    return { user: await get(tx, created.id), link };
  });
  await audited(ctx, 'console_user.create', user.id, undefined, user, { invited: link !== undefined });
  return link ? { user, link } : { user };
}

export async function updateConsoleUser(
  ctx: AdminContext,
  id: string,
  body: UpdateConsoleUserBody,
): Promise<ConsoleUserRecord> {
  checkApps(ctx, body.appRoles);
  if (id === ctx.actor.id && body.disabled === true) {
    throw new ConsoleError(400, 'bad_request', 'You cannot disable your own console account.');
  }
  const [before, after] = await change(ctx, async (tx) => {
    const before = await get(tx, id);
    if (body.role !== undefined || body.disabled !== undefined) {
      await tx.query(
        'UPDATE console_users SET role = COALESCE($2, role), disabled = COALESCE($3, disabled), updated_at = now() WHERE id = $1',
        [id, body.role ?? null, body.disabled ?? null],
      );
    }
    if (body.appRoles !== undefined) await setAppRoles(tx, id, body.appRoles);
    // Open sessions see the new roles on their next request.
    forgetUser(id);
    // A disabled user is out at once, not at their next idle timeout.
    if (body.disabled === true) await deleteUserSessions(tx, id);
    return [before, await get(tx, id)] as const;
  });
  await audited(
    ctx,
    body.disabled === true ? 'console_user.disable' : 'console_user.update',
    id,
    before,
    after,
  );
  return after;
}

/** A new password link for the user; their current password and sessions stop working now. */
export async function resetConsoleUserPassword(
  ctx: AdminContext,
  id: string,
): Promise<{ user: ConsoleUserRecord; link: PasswordLink }> {
  const result = await ctx.sql.transaction(async (tx) => {
    const before = await get(tx, id);
    await tx.query('UPDATE console_users SET password_hash = NULL, updated_at = now() WHERE id = $1', [id]);
    await deleteUserSessions(tx, id);
    const link = await issueLink(tx, id, 'reset');
    return { before, user: await get(tx, id), link };
  });
  await audited(ctx, 'console_user.reset_password', id, result.before, result.user);
  return { user: result.user, link: result.link };
}

export async function endConsoleUserSessions(ctx: AdminContext, id: string): Promise<number> {
  await get(ctx.sql, id);
  const ended = await deleteUserSessions(ctx.sql, id);
  await audited(ctx, 'console_user.force_logout', id, undefined, undefined, { ended });
  return ended;
}

/** Turns off two-step sign-in for a user who lost their authenticator. */
export async function resetConsoleUserTotp(ctx: AdminContext, id: string): Promise<ConsoleUserRecord> {
  const before = await get(ctx.sql, id);
  await resetTotp(ctx.sql, id);
  const after = await get(ctx.sql, id);
  await audited(ctx, 'console_user.reset_totp', id, before, after);
  return after;
}
