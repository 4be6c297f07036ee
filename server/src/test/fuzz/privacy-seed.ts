import { randomBytes } from 'node:crypto';
import type { Sql } from '@switchboard/shared/sql';
import type { FuzzRequest } from './common';
import { send } from './send';
import type { RawReply } from './send';

// The privacy fuzz's world: a victim user with a third-party token, a password and imported
// credentials in its stored data, an attacker, and objects that point at the victim.

/** The class whose objects point at the victim (`u`) and relate to it (`fans`). */
export const PRIVACY_CLASS = 'FuzzPrivacy';

const hex = (n: number) => randomBytes(n).toString('hex');

/** Secrets and ids, filled in by seedPrivacy before any generator runs. */
export const privacy = {
  victimId: '',
  /** A FuzzPrivacy object holding the `fans` relation to the victim. */
  holderId: '',
  /** A FuzzPrivacy object anyone may write (the target of conditional writes). */
  ownId: '',
  attackerSession: '',
  victimSession: '',
  token: `S${hex(12)}`,
  uid: `wx${hex(8)}`,
  password: `Pw_${hex(8)}`,
  /** Credentials an import left in the stored data (redact.ts never returns them). */
  importedHash: `$2a$10$${hex(16)}`,
  importedToken: `r:${hex(12)}`,
  importedSalt: `salt${hex(8)}`,
};

async function call(method: string, path: string, body: unknown, auth: FuzzRequest['auth'] = 'app') {
  const r = await send({
    kind: 'seed',
    method,
    path,
    auth,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (r.status >= 300) throw new Error(`seeding ${method} ${path}: ${r.status} ${r.text}`);
  return JSON.parse(r.text) as Record<string, unknown>;
}

export async function seedPrivacy(sql: Sql): Promise<void> {
  const victim = await call('POST', '/1.1/users', {
    username: `victim_${hex(4)}`,
    password: privacy.password,
    email: `victim_${hex(4)}@example.com`,
    mobilePhoneNumber: '+8613900000123',
    authData: { weixin: { uid: privacy.uid, access_token: privacy.token } },
  });
  privacy.victimId = String(victim.objectId);
  privacy.victimSession = String(victim.sessionToken);
  const imported = JSON.stringify({
    password: privacy.importedHash,
    sessionToken: privacy.importedToken,
    salt: privacy.importedSalt,
  });
  await sql.query(`UPDATE "o__User" SET data = data || $2::jsonb WHERE id = $1`, [
    privacy.victimId,
    imported,
  ]);
  const attacker = await call('POST', '/1.1/users', { username: `attacker_${hex(4)}`, password: 'Pw_x1' });
  privacy.attackerSession = String(attacker.sessionToken);
  const u = { __type: 'Pointer', className: '_User', objectId: privacy.victimId };
  const holder = await call('POST', `/1.1/classes/${PRIVACY_CLASS}`, {
    u,
    label: 'victim',
    fans: { __op: 'AddRelation', objects: [u] },
  });
  privacy.holderId = String(holder.objectId);
  privacy.ownId = String((await call('POST', `/1.1/classes/${PRIVACY_CLASS}`, { label: 'own' })).objectId);
}

/** Opens or closes the _User query permission (Doc 1 User). */
export async function setUserQueryOpen(open: boolean): Promise<void> {
  await call('PUT', '/1.1/switchboard/settings', { userQueryOpen: open }, 'master');
}

/** What no reply may carry: credentials always; authData to anyone but the master key. */
export function leakedSecret(reply: RawReply, req: FuzzRequest): string | undefined {
  const always = [
    privacy.password,
    privacy.victimSession,
    privacy.attackerSession,
    privacy.importedHash,
    privacy.importedToken,
    privacy.importedSalt,
  ];
  const hidden = req.auth === 'master' ? always : [...always, privacy.token, privacy.uid];
  const leaked = hidden.find((s) => reply.text.includes(s));
  return leaked === undefined ? undefined : `the reply carries the secret ${leaked}`;
}

/**
 * The privacy fuzz's rule for each reply: no secret in it, and a request Doc 1 refuses (kind
 * "…:refuse") answered 403 with code 403 (the _User query permission) or 119 (a hidden field).
 */
export function privacyProblem(reply: RawReply, req: FuzzRequest): string | undefined {
  const leak = leakedSecret(reply, req);
  if (leak || !req.kind.endsWith(':refuse')) return leak;
  const body = JSON.parse(reply.text) as unknown;
  const batch = req.kind.startsWith('privacy-batch');
  const error = batch
    ? Array.isArray(body) && reply.status === 200
      ? (body[0] as { error?: { code?: unknown } } | undefined)?.error
      : undefined
    : reply.status === 403
      ? (body as { code?: unknown })
      : undefined;
  return error && (error.code === 403 || error.code === 119)
    ? undefined
    : `HTTP ${reply.status} to a request that reads _User or its hidden fields without permission`;
}
