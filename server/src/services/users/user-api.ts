import { randomBytes } from 'node:crypto';
import { isPlainObject, isTruthyFlag, LcCode } from '@switchboard/shared';
import { ApiError, badRequest } from '../../http/errors';
import type { ApiRequest } from '../../http/types';
import { findLinkedUser } from '../../store/auth-links';
import { openSession } from '../../store/sessions';
import { findUserById, forgetUser, setPasswordHash } from '../../store/users';
import { MASTER } from '../access';
import type { Principal } from '../access';
import { created } from '../class-api';
import { ObjectApi } from '../object-api';
import { authDataPaths, linksOf, normalizeAuthData, syncLinks } from './auth-data';
import type { AccountDeps } from './deps';
import { assertUnique, checkUserBody } from './fields';
import { sendAccountMail } from './mail';
import { hashPassword } from './passwords';
import { loginBody } from './profile';
import { insertUser } from './signup';

export const userNotFound = () => badRequest(LcCode.UserNotFound, 'Could not find user.');

/** Doc 1 Authentication rule 3: only the user's own session (or the master key) changes a user. */
export function assertSelf(access: Principal, id: string): void {
  if (!access.master && access.userId !== id) {
    throw new ApiError(
      403,
      LcCode.SessionMissing,
      'The user cannot be altered by a client without the session.',
    );
  }
}

/** A generated username for third-party and anonymous users: 25 lowercase letters and digits. */
const randomUsername = () =>
  Array.from(randomBytes(25), (b) => 'abcdefghijklmnopqrstuvwxyz0123456789'[b % 36]).join('');

/**
 * Doc 1 User (class _User) at /1.1/users and /1.1/classes/_User. Its query permission is not
 * checked here but in read-policy.ts, which every read of _User passes (sub-queries too).
 */
export class UserApi extends ObjectApi {
  constructor(private readonly accounts: AccountDeps) {
    super(accounts, '_User', '/1.1/users');
  }

  override async create(req: ApiRequest) {
    if (isPlainObject(req.body) && req.body.authData !== undefined && req.body.password === undefined)
      return this.loginWithAuthData(req);
    const access = await this.principal(req);
    await this.assertCreate(req.sql, access);
    const { fields, password } = checkUserBody(req.body, { creating: true, master: access.master });
    if (password === undefined) throw badRequest(LcCode.PasswordMissing, 'Password is missing or empty.');
    if (fields.authData !== undefined) fields.authData = normalizeAuthData(fields.authData);
    const settings = await this.accounts.settings.get(req.sql);
    const passwordHash = await hashPassword(password);
    return req.sql.transaction(async (tx) => {
      const user = await insertUser(tx, this.accounts, settings, {
        fields,
        passwordHash,
        baseUrl: req.baseUrl,
      });
      const sessionToken = await openSession(tx, user.id, this.accounts.clock.now());
      return created(this, req, { objectId: user.id, createdAt: user.createdAt, sessionToken });
    });
  }

  /**
   * Doc 1 Third-party: log in the user linked to one of the identities (200), or register one
   * with a generated username (201). New identities of a known user are linked to it.
   */
  private async loginWithAuthData(req: ApiRequest) {
    const body = req.body as Record<string, unknown>;
    const authData = normalizeAuthData(body.authData);
    const access = await this.principal(req);
    const links = linksOf(authData);
    // Platform identities first, then the UnionID ones (which several platforms share).
    links.sort((a, b) => Number(a.platform.startsWith('_')) - Number(b.platform.startsWith('_')));
    return req.sql.transaction(async (tx) => {
      const now = () => this.accounts.clock.now();
      const existing = await findLinkedUser(tx, links);
      if (existing) {
        await this.deps.writes.update(tx, '_User', existing, authDataPaths(authData), {
          fetchWhenSave: false,
          access: MASTER,
          hooks: { after: (t, row) => syncLinks(t, row.id, row.data.authData) },
        });
        const row = await findUserById(tx, existing);
        if (!row) throw userNotFound();
        const token = await openSession(tx, existing, now());
        return {
          status: 200,
          body: loginBody(row, token),
          headers: { Location: `${req.baseUrl}${this.path}/${existing}` },
        };
      }
      if (isTruthyFlag(req.query.failOnNotExist)) throw userNotFound();
      // Registering a new user is a create: an existing one logs in whatever the permission.
      await this.assertCreate(tx, access);
      // A new user keeps the other fields of the body, as a sign-up would (Doc 1 User: a random
      // username only for the third-party registration that gives none).
      const { fields } = checkUserBody(body, { creating: false, master: access.master });
      fields.username ??= randomUsername();
      fields.authData = Object.fromEntries(Object.entries(authData).filter(([, v]) => v !== null));
      const settings = await this.accounts.settings.get(tx);
      const { id } = await insertUser(tx, this.accounts, settings, { fields, baseUrl: req.baseUrl });
      const row = await findUserById(tx, id);
      if (!row) throw userNotFound();
      return created(this, req, loginBody(row, await openSession(tx, id, now())));
    });
  }

  override async get(req: ApiRequest, id: string) {
    const res = await super.get(req, id);
    // Doc 1 Get: an unknown user is 400 / 211, unlike ordinary classes.
    if (!res.body || Object.keys(res.body).length === 0) throw userNotFound();
    return res;
  }

  override async update(req: ApiRequest, id: string) {
    const access = await this.principal(req);
    assertSelf(access, id);
    const { fields, password } = checkUserBody(req.body, { creating: false, master: access.master });
    const { authData, ...rest } = fields;
    const body: Record<string, unknown> = {
      ...rest,
      ...(authData === undefined ? {} : authDataPaths(normalizeAuthData(authData))),
    };
    const hash = password === undefined ? undefined : await hashPassword(password);
    const settings = await this.accounts.settings.get(req.sql);
    let newEmail: string | undefined;
    return super.update({ ...req, body }, id, {
      before: async (tx, current) => {
        await assertUnique(tx, fields, id);
        if (typeof fields.email === 'string' && fields.email !== current.data.email) {
          newEmail = fields.email;
          if (!('emailVerified' in fields)) body.emailVerified = settings.emailVerify ? false : null;
        }
        const phone = fields.mobilePhoneNumber;
        if (
          typeof phone === 'string' &&
          phone !== current.data.mobilePhoneNumber &&
          !('mobilePhoneVerified' in fields)
        )
          body.mobilePhoneVerified = false;
        return body;
      },
      after: async (tx, row) => {
        await syncLinks(tx, id, row.data.authData);
        if (hash !== undefined) await setPasswordHash(tx, id, hash);
        if (newEmail && settings.emailVerify) {
          await sendAccountMail(tx, this.accounts.clock, {
            kind: 'verify_email',
            userId: id,
            email: newEmail,
            baseUrl: req.baseUrl,
          });
        }
      },
    });
  }

  override async delete(req: ApiRequest, ids: string[]) {
    const access = await this.principal(req);
    for (const id of ids) assertSelf(access, id);
    return super.delete(req, ids, async (tx, gone) => {
      for (const row of gone) await forgetUser(tx, row.id);
      // The deleted users left their roles.
      this.deps.access.rolesChanged();
    });
  }
}
