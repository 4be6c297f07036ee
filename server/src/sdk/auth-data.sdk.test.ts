// The real `leancloud-storage` SDK signing up through authData with fields of its own, and linking
// a platform to an anonymous user (Doc 1 Third-party (authData)), as LeanCloud answered: the other
// fields of a sign-up are kept, and a linked platform ends the anonymous identity.
// The SDK keeps its current user in module state: every test starts and ends logged out.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { only, useSdkServer } from './helpers';
import { AV, matching } from './setup';

const { sent } = useSdkServer();

let serial = 0;
const unique = (base: string) => `${base}${Date.now().toString(36)}${serial++}`;

/** The user as the master key sees it on the server. */
const stored = (id: string | undefined) =>
  new AV.Query<AV.User>('_User').get(id ?? '', { useMasterKey: true });

beforeEach(() => AV.User.logOut());
afterEach(() => AV.User.logOut());

describe('sign-up through authData with other fields', () => {
  it('keeps username, e-mail and custom fields; loginWithAuthData then finds that user', async () => {
    const username = unique('k0q9og8q');
    const email = `${username}@example.com`;
    const authData = { uid: unique('uid'), access_token: 'at' };
    const user = new AV.User();
    user.setUsername(username);
    user.setEmail(email);
    user.set('nickname', 'Kay');
    const req = only(
      matching(await sent(() => user.loginWithAuthData(authData, 'someplatform')), 'POST', '/1.1/users'),
    );
    expect(req.body).toEqual({ username, email, nickname: 'Kay', authData: { someplatform: authData } });
    expect(req.status).toBe(201);
    expect(user.getUsername()).toBe(username);
    const copy = await stored(user.id);
    expect([copy.getUsername(), copy.getEmail(), copy.get('nickname')]).toEqual([username, email, 'Kay']);
    await AV.User.logOut();

    const again = await AV.User.loginWithAuthData(authData, 'someplatform');
    expect(again.id).toBe(user.id);
    expect([again.getUsername(), again.getEmail(), again.get('nickname')]).toEqual([username, email, 'Kay']);
  });

  it('generates a username only when none is given, and refuses a taken one (202)', async () => {
    const generated = await AV.User.loginWithAuthData({ uid: unique('uid'), access_token: 'at' }, 'p');
    expect(generated.getUsername()).toMatch(/^[a-z0-9]{25}$/);
    await AV.User.logOut();
    const taken = new AV.User();
    taken.setUsername(generated.getUsername());
    const err = await taken
      .loginWithAuthData({ uid: unique('uid'), access_token: 'at' }, 'p')
      .catch((e: unknown) => e as AV.Error);
    expect((err as AV.Error).code).toBe(202);
  });
});

describe('linking a platform to an anonymous user', () => {
  it('associateWithAuthData ends the anonymous identity: isAnonymous() is false', async () => {
    const user = await AV.User.loginAnonymously();
    expect(user.isAnonymous()).toBe(true);
    const anonymousId = (user.get('authData') as { anonymous: { id: string } }).anonymous.id;
    const github = { uid: unique('gh'), access_token: 'at' };
    await user.associateWithAuthData(github, 'github');
    expect(user.isAnonymous()).toBe(false);
    expect(user.get('authData')).toEqual({ github });
    expect((await stored(user.id)).get('authData')).toEqual({ github });
    await AV.User.logOut();

    // The platform logs in as that user; the old anonymous id is a stranger now.
    expect((await AV.User.loginWithAuthData(github, 'github')).id).toBe(user.id);
    await AV.User.logOut();
    const fresh = await AV.User.loginWithAuthData({ id: anonymousId }, 'anonymous');
    expect(fresh.id).not.toBe(user.id);
  });

  it('an anonymous user stays anonymous while nothing else is linked', async () => {
    const user = await AV.User.loginAnonymously();
    await user.save({ nickname: 'still anonymous' });
    expect((await stored(user.id)).get('authData')).toHaveProperty('anonymous');
    expect(user.isAnonymous()).toBe(true);
  });
});
