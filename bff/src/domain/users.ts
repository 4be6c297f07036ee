import { randomUUID } from 'node:crypto';
import type { ConsoleRole, ConsoleUser } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { hashPassword } from './passwords';

export interface UserRecord extends ConsoleUser {
  /** Null for an invited user who has not chosen a password yet. */
  passwordHash: string | null;
  disabled: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
}

export interface UserRow {
  id: string;
  email: string;
  role: ConsoleRole;
  app_roles: Record<string, ConsoleRole> | string | null;
  password_hash: string | null;
  disabled: boolean;
  created_at: Date;
  last_login_at: Date | null;
}

/**
 * A user's row with its per-app roles folded in as one JSON object, so a session lookup stays a
 * single query.
 */
export const USER_COLUMNS = `u.id, u.email, u.role, u.password_hash, u.disabled, u.created_at, u.last_login_at,
  (SELECT json_object_agg(r.app, r.role) FROM console_user_app_roles r WHERE r.user_id = u.id) AS app_roles`;

export const appRolesOf = (raw: UserRow['app_roles']): Record<string, ConsoleRole> =>
  raw === null ? {} : typeof raw === 'string' ? (JSON.parse(raw) as Record<string, ConsoleRole>) : raw;

export const toRecord = (r: UserRow): UserRecord => ({
  id: r.id,
  email: r.email,
  role: r.role,
  appRoles: appRolesOf(r.app_roles),
  passwordHash: r.password_hash,
  disabled: r.disabled,
  createdAt: r.created_at,
  lastLoginAt: r.last_login_at,
});

/** E-mail addresses are compared case-insensitively: people type them both ways. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function countUsers(sql: Sql): Promise<number> {
  const [row] = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM console_users');
  return row?.n ?? 0;
}

export async function findUserByEmail(sql: Sql, email: string): Promise<UserRecord | undefined> {
  const rows = await sql.query<UserRow>(`SELECT ${USER_COLUMNS} FROM console_users u WHERE u.email = $1`, [
    normalizeEmail(email),
  ]);
  return rows[0] && toRecord(rows[0]);
}

export async function findUserById(sql: Sql, id: string): Promise<UserRecord | undefined> {
  const rows = await sql.query<UserRow>(`SELECT ${USER_COLUMNS} FROM console_users u WHERE u.id = $1`, [id]);
  return rows[0] && toRecord(rows[0]);
}

export async function listUsers(sql: Sql): Promise<UserRecord[]> {
  const rows = await sql.query<UserRow>(`SELECT ${USER_COLUMNS} FROM console_users u ORDER BY u.email`);
  return rows.map(toRecord);
}

/** Replaces the user's per-app roles. */
export async function setAppRoles(sql: Sql, userId: string, appRoles: Record<string, ConsoleRole>) {
  await sql.query('DELETE FROM console_user_app_roles WHERE user_id = $1', [userId]);
  for (const [app, role] of Object.entries(appRoles)) {
    await sql.query('INSERT INTO console_user_app_roles (user_id, app, role) VALUES ($1, $2, $3)', [
      userId,
      app,
      role,
    ]);
  }
}

export async function createUser(
  sql: Sql,
  input: {
    email: string;
    password?: string | undefined;
    role: ConsoleRole;
    appRoles?: Record<string, ConsoleRole>;
  },
): Promise<ConsoleUser> {
  const id = randomUUID();
  const email = normalizeEmail(input.email);
  await sql.query('INSERT INTO console_users (id, email, password_hash, role) VALUES ($1, $2, $3, $4)', [
    id,
    email,
    input.password === undefined ? null : await hashPassword(input.password),
    input.role,
  ]);
  const appRoles = input.appRoles ?? {};
  await setAppRoles(sql, id, appRoles);
  return { id, email, role: input.role, appRoles };
}

export const publicUser = (u: UserRecord | ConsoleUser): ConsoleUser => ({
  id: u.id,
  email: u.email,
  role: u.role,
  appRoles: u.appRoles,
});
