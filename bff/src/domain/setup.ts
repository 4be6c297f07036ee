import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ConsoleUser, SetupBody } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { record } from './audit';
import type { RequestMeta } from './audit';
import { ConsoleError, forbidden } from './errors';
import { countUsers, createUser, normalizeEmail } from './users';

const hash = (token: string) => createHash('sha256').update(token).digest();

/**
 * First start: with CONSOLE_ADMIN_EMAIL / CONSOLE_ADMIN_PASSWORD the first admin is created from
 * them; otherwise a one-time setup token is issued (returned so the caller prints it). Does
 * nothing once any console user exists.
 */
export async function prepareFirstRun(
  sql: Sql,
  initialAdmin: { email: string; password: string } | undefined,
): Promise<{ setupToken?: string; createdAdmin?: string }> {
  return sql.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('console_first_run'))");
    if ((await countUsers(tx)) > 0) return {};
    if (initialAdmin) {
      const admin = await createUser(tx, { ...initialAdmin, role: 'admin' });
      return { createdAdmin: admin.email };
    }
    const token = randomBytes(24).toString('base64url');
    await tx.query(
      `INSERT INTO console_setup_tokens (id, token_hash, created_at) VALUES (1, $1, now())
       ON CONFLICT (id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now()`,
      [hash(token).toString('hex')],
    );
    return { setupToken: token };
  });
}

export async function setupNeeded(sql: Sql): Promise<boolean> {
  return (await countUsers(sql)) === 0;
}

/** Creates the first admin when the one-time token matches; the token is then spent. */
export async function completeSetup(sql: Sql, body: SetupBody): Promise<ConsoleUser> {
  return sql.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('console_first_run'))");
    if ((await countUsers(tx)) > 0) {
      throw new ConsoleError(409, 'conflict', 'Setup is already complete. Sign in instead.');
    }
    const [row] = await tx.query<{ token_hash: string }>(
      'SELECT token_hash FROM console_setup_tokens WHERE id = 1',
    );
    const expected = row ? Buffer.from(row.token_hash, 'hex') : undefined;
    if (!expected || !timingSafeEqual(expected, hash(body.token))) {
      throw forbidden(
        'The setup token is wrong. Use the token printed in the terminal where the console started.',
      );
    }
    const admin = await createUser(tx, { email: body.email, password: body.password, role: 'admin' });
    await tx.query('DELETE FROM console_setup_tokens');
    return admin;
  });
}

/** completeSetup with the audit trail: the attempt is recorded whether or not it succeeds. */
export async function runSetup(sql: Sql, body: SetupBody, meta: RequestMeta): Promise<ConsoleUser> {
  const summary = { email: normalizeEmail(body.email) };
  try {
    const admin = await completeSetup(sql, body);
    await record(sql, {
      ...meta,
      actor: admin,
      action: 'console.setup',
      target: { consoleUser: admin.id },
      summary,
      result: 'ok',
      status: 200,
    });
    return admin;
  } catch (err) {
    if (err instanceof ConsoleError) {
      await record(sql, { ...meta, action: 'console.setup', summary, result: 'denied', status: err.status });
    }
    throw err;
  }
}
