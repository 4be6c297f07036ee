import { randomUUID } from 'node:crypto';
import type { ConsoleRole, ConsoleUser } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { hashPassword } from './passwords';

export interface UserRecord extends ConsoleUser {
  passwordHash: string;
  disabled: boolean;
}

interface Row {
  id: string;
  email: string;
  role: ConsoleRole;
  password_hash: string;
  disabled: boolean;
}

const toRecord = (r: Row): UserRecord => ({
  id: r.id,
  email: r.email,
  role: r.role,
  passwordHash: r.password_hash,
  disabled: r.disabled,
});

/** E-mail addresses are compared case-insensitively: people type them both ways. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function countUsers(sql: Sql): Promise<number> {
  const [row] = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM console_users');
  return row?.n ?? 0;
}

export async function findUserByEmail(sql: Sql, email: string): Promise<UserRecord | undefined> {
  const rows = await sql.query<Row>('SELECT * FROM console_users WHERE email = $1', [normalizeEmail(email)]);
  return rows[0] && toRecord(rows[0]);
}

export async function createUser(
  sql: Sql,
  input: { email: string; password: string; role: ConsoleRole },
): Promise<ConsoleUser> {
  const id = randomUUID();
  const email = normalizeEmail(input.email);
  await sql.query('INSERT INTO console_users (id, email, password_hash, role) VALUES ($1, $2, $3, $4)', [
    id,
    email,
    await hashPassword(input.password),
    input.role,
  ]);
  return { id, email, role: input.role };
}

export const publicUser = (u: UserRecord | ConsoleUser): ConsoleUser => ({
  id: u.id,
  email: u.email,
  role: u.role,
});
