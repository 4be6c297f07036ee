// The real `leancloud-storage` SDK against the accounts endpoints (Doc 1 Users and accounts,
// Authentication): sign-up, login, the SDK's current user, session tokens, passwords, third-party
// and anonymous login, the account errors, and the closed _User query.
// The SDK keeps its current user in module state: every test starts and ends logged out.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { only, useSdkServer } from './helpers';
import { AV, matching, rejection } from './setup';

const { sdk, sent } = useSdkServer();

let serial = 0;
/** A username no other test uses. */
const uniqueName = (base: string) => `${base}_${Date.now().toString(36)}_${serial++}`;

/** Signs up a fresh user (which makes it the SDK's current user). */
async function signUp(
  base: string,
  password = 'secret-1',
): Promise<{ user: AV.User; username: string; password: string }> {
  const username = uniqueName(base);
  const user = await AV.User.signUp(username, password);
  return { user, username, password };
}

/** `user.updatePassword(old, new)`: the SDK has it (user.js) but its typings leave it out. */
function updatePassword(user: AV.User, oldPassword: string, newPassword: string): Promise<unknown> {
  const withMethod = user as AV.User & { updatePassword(o: string, n: string): Promise<unknown> };
  return withMethod.updatePassword(oldPassword, newPassword);
}

/** The user as the master key sees it on the server. */
async function stored(id: string | undefined): Promise<AV.User> {
  return new AV.Query<AV.User>('_User').get(id ?? '', { useMasterKey: true });
}

beforeEach(() => AV.User.logOut());
afterEach(() => AV.User.logOut());

describe('sign up', () => {
  it('AV.User.signUp registers, returns a session token and makes the user current', async () => {
    const username = uniqueName('alice');
    const reqs = await sent(() => AV.User.signUp(username, 'pa55word'));
    const req = only(matching(reqs, 'POST', '/1.1/users'));
    expect(req.status).toBe(201);
    expect(req.body).toEqual({ username, password: 'pa55word' });
    expect(Object.keys(req.response as object).sort()).toEqual(['createdAt', 'objectId', 'sessionToken']);

    const current = AV.User.current();
    expect(current).toBeInstanceOf(AV.User);
    expect(current.id).toBe((req.response as { objectId: string }).objectId);
    expect(current.getUsername()).toBe(username);
    expect(current.getSessionToken()).toBe((req.response as { sessionToken: string }).sessionToken);
    expect(current.getSessionToken()).toMatch(/^\S{16,}$/);

    // The password is stored but never returned, not even to the master key.
    const copy = await stored(current.id);
    expect(copy.getUsername()).toBe(username);
    expect(copy.get('password')).toBeUndefined();
    expect(copy.get('sessionToken')).toBeUndefined();
  });

  it('new AV.User().setUsername().setPassword().signUp() saves custom fields too', async () => {
    const username = uniqueName('bob');
    const user = new AV.User();
    user.setUsername(username);
    user.setPassword('hunter22');
    user.set('nickname', 'Bobby');
    await user.signUp();
    expect(user.id).toMatch(/^\w+$/);
    expect(user.getSessionToken()).toBeTruthy();
    expect(AV.User.current().id).toBe(user.id);

    await AV.User.logOut();
    const again = await AV.User.logIn(username, 'hunter22');
    expect(again.id).toBe(user.id);
    expect(again.get('nickname')).toBe('Bobby');
    expect(again.get('password')).toBeUndefined();
  });

  it('a duplicate username is refused with 202', async () => {
    const { username } = await signUp('dup');
    await AV.User.logOut();
    const err = await rejection(AV.User.signUp(username, 'other-password'));
    expect(err.code).toBe(202);
    expect(AV.User.current()).toBeNull();
    // Nothing was created: the master key finds one user of that name.
    const found = await new AV.Query('_User').equalTo('username', username).find({ useMasterKey: true });
    expect(found).toHaveLength(1);
  });
});

describe('log in and out', () => {
  it('AV.User.logIn returns the user with a session token; current() is that user', async () => {
    const { user, username, password } = await signUp('carol');
    await AV.User.logOut();
    expect(AV.User.current()).toBeNull();

    const reqs = await sent(() => AV.User.logIn(username, password));
    const req = only(matching(reqs, 'POST', '/1.1/login'));
    expect(req.status).toBe(200);
    expect(req.response).toMatchObject({
      objectId: user.id,
      username,
      sessionToken: expect.any(String),
      emailVerified: null,
      mobilePhoneVerified: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(req.response).not.toHaveProperty('password');

    const current = AV.User.current();
    expect(current.id).toBe(user.id);
    expect(current.getUsername()).toBe(username);
    expect(current.getSessionToken()).toBe((req.response as { sessionToken: string }).sessionToken);
  });

  it("the current user's session goes with every request; after logOut none does", async () => {
    const { user } = await signUp('dave');
    const withSession = only(await sent(() => new AV.Object('SdkAccountNote').save({ n: 1 })));
    expect(withSession.headers['X-LC-Session']).toBe(user.getSessionToken());

    await AV.User.logOut();
    expect(AV.User.current()).toBeNull();
    const without = only(await sent(() => new AV.Object('SdkAccountNote').save({ n: 2 })));
    expect(without.status).toBe(201);
    expect(without.headers['X-LC-Session']).toBeUndefined();
  });

  it('a wrong password is refused with 210, an unknown username with 211', async () => {
    const { username } = await signUp('erin');
    await AV.User.logOut();
    const wrong = await rejection(AV.User.logIn(username, 'not-the-password'));
    expect(wrong.code).toBe(210);
    const unknown = await rejection(AV.User.logIn(uniqueName('nobody'), 'whatever'));
    expect(unknown.code).toBe(211);
    expect(AV.User.current()).toBeNull();
  });

  it('AV.User.become(sessionToken) logs in by token through /users/me', async () => {
    const { user, username } = await signUp('frank');
    const token = user.getSessionToken();
    await AV.User.logOut();

    const reqs = await sent(() => AV.User.become(token));
    const req = only(reqs);
    expect(req).toMatchObject({ method: 'GET', path: '/1.1/users/me', status: 200 });
    expect(req.headers['X-LC-Session']).toBe(token);
    const current = AV.User.current();
    expect(current.id).toBe(user.id);
    expect(current.getUsername()).toBe(username);
    expect(current.getSessionToken()).toBe(token);
  });

  it('AV.User.become with an unknown token rejects and leaves nobody logged in', async () => {
    const err = await rejection(AV.User.become('not-a-real-session-token'));
    expect(err.code).toBe(211);
    expect(AV.User.current()).toBeNull();
  });
});

describe('passwords and session tokens', () => {
  it('updatePassword(old, new): the new password logs in, the old one no longer does', async () => {
    const { user, username } = await signUp('gina', 'first-pass');
    const reqs = await sent(() => updatePassword(user, 'first-pass', 'second-pass'));
    const req = only(reqs);
    expect(req).toMatchObject({ method: 'PUT', path: `/1.1/users/${user.id}/updatePassword`, status: 200 });
    expect(req.body).toEqual({ old_password: 'first-pass', new_password: 'second-pass' });
    expect(req.headers['X-LC-Session']).toBe(user.getSessionToken());
    await AV.User.logOut();

    const old = await rejection(AV.User.logIn(username, 'first-pass'));
    expect(old.code).toBe(210);
    const again = await AV.User.logIn(username, 'second-pass');
    expect(again.id).toBe(user.id);
  });

  it('updatePassword with a wrong old password is refused and changes nothing', async () => {
    const { user, username } = await signUp('hank', 'keep-me');
    const err = await rejection(updatePassword(user, 'not-it', 'new-one'));
    expect(err.code).toBe(210);
    await AV.User.logOut();
    expect((await AV.User.logIn(username, 'keep-me')).id).toBe(user.id);
    await AV.User.logOut();
    expect((await rejection(AV.User.logIn(username, 'new-one'))).code).toBe(210);
  });

  it('refreshSessionToken replaces the token: the old one no longer works', async () => {
    const { user } = await signUp('iris');
    const old = user.getSessionToken();
    const reqs = await sent(() => user.refreshSessionToken());
    const req = only(reqs);
    expect(req).toMatchObject({
      method: 'PUT',
      path: `/1.1/users/${user.id}/refreshSessionToken`,
      status: 200,
    });
    const fresh = user.getSessionToken();
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(old);
    expect((req.response as { sessionToken: string }).sessionToken).toBe(fresh);
    expect(AV.User.current().getSessionToken()).toBe(fresh);
    await AV.User.logOut();

    const err = await rejection(AV.User.become(old));
    expect(err.code).toBe(211);
    expect(AV.User.current()).toBeNull();
    // Doc 1 sessionToken: the old token on a permission-restricted user API is a 403.
    const target = AV.Object.createWithoutData<AV.User>('_User', user.id ?? '');
    const write = await rejection(target.save({ nickname: 'x' }, { sessionToken: old }));
    expect(write.code).toBe(206);
    const last = sdk().requests.at(-1);
    expect(last).toMatchObject({ method: 'PUT', path: `/1.1/classes/_User/${user.id}`, status: 403 });

    const now = await AV.User.become(fresh);
    expect(now.id).toBe(user.id);
  });

  it('a user updates its own profile with its session; another user cannot', async () => {
    const { user: owner } = await signUp('jack');
    const ownerToken = owner.getSessionToken();
    owner.set('city', 'Paris');
    await owner.save();
    expect((await stored(owner.id)).get('city')).toBe('Paris');

    await AV.User.logOut();
    const { user: other } = await signUp('kate');
    const target = AV.Object.createWithoutData<AV.User>('_User', owner.id ?? '');
    const err = await rejection(target.save({ city: 'Rome' }));
    expect(err.code).toBe(206);
    expect(sdk().requests.at(-1)?.headers['X-LC-Session']).toBe(other.getSessionToken());
    expect((await stored(owner.id)).get('city')).toBe('Paris');
    expect(ownerToken).not.toBe(other.getSessionToken());
  });
});

describe('third-party and anonymous accounts', () => {
  it('loginWithAuthData twice with the same uid gives the same user (201, then 200)', async () => {
    const uid = uniqueName('uid');
    const authData = { uid, access_token: 'token-1' };
    const firstReqs = await sent(() => AV.User.loginWithAuthData(authData, 'someplatform'));
    const first = AV.User.current();
    const firstReq = only(matching(firstReqs, 'POST', '/1.1/users'));
    expect(firstReq.status).toBe(201);
    expect(firstReq.body).toEqual({ authData: { someplatform: authData } });
    expect(first.id).toMatch(/^\w+$/);
    expect(first.getSessionToken()).toBeTruthy();
    // A generated username.
    expect(first.getUsername()).toMatch(/^\w+$/);
    await AV.User.logOut();

    const secondReqs = await sent(() =>
      AV.User.loginWithAuthData({ uid, access_token: 'token-2' }, 'someplatform'),
    );
    const second = AV.User.current();
    expect(only(matching(secondReqs, 'POST', '/1.1/users')).status).toBe(200);
    expect(second.id).toBe(first.id);
    expect(second.getSessionToken()).toBeTruthy();
    expect((second.get('authData') as Record<string, { uid: string }>).someplatform?.uid).toBe(uid);

    const users = await new AV.Query('_User')
      .equalTo('authData.someplatform.uid', uid)
      .find({ useMasterKey: true });
    expect(users.map((u) => u.id)).toEqual([first.id]);
  });

  it('loginWithAuthData with another uid makes another user', async () => {
    const a = await AV.User.loginWithAuthData({ uid: uniqueName('ua'), access_token: 't' }, 'someplatform');
    await AV.User.logOut();
    const b = await AV.User.loginWithAuthData({ uid: uniqueName('ub'), access_token: 't' }, 'someplatform');
    expect(a.id).not.toBe(b.id);
    expect(a.getUsername()).not.toBe(b.getUsername());
  });

  it('loginAnonymously creates an anonymous user with a UUID and makes it current', async () => {
    const reqs = await sent(() => AV.User.loginAnonymously());
    const req = only(matching(reqs, 'POST', '/1.1/users'));
    expect(req.status).toBe(201);
    const user = AV.User.current();
    expect(user.isAnonymous()).toBe(true);
    expect(user.getSessionToken()).toBeTruthy();
    const id = (req.body as { authData: { anonymous: { id: string } } }).authData.anonymous.id;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const copy = await stored(user.id);
    expect((copy.get('authData') as { anonymous?: { id: string } }).anonymous?.id).toBe(id);

    // Another anonymous login is another user.
    await AV.User.logOut();
    const other = await AV.User.loginAnonymously();
    expect(other.id).not.toBe(user.id);
  });

  it('associateWithAuthData links a platform to a signed-up user; dissociateAuthData unlinks it', async () => {
    const { user } = await signUp('linda');
    const authData = { uid: uniqueName('link'), access_token: 'at' };
    const linkReq = only(await sent(() => user.associateWithAuthData(authData, 'otherplatform')));
    expect(linkReq).toMatchObject({ method: 'PUT', path: `/1.1/classes/_User/${user.id}`, status: 200 });
    expect(linkReq.body).toEqual({ authData: { otherplatform: authData } });
    expect((await stored(user.id)).get('authData')).toEqual({ otherplatform: authData });
    await AV.User.logOut();

    // The linked identity now logs in as that user.
    const viaPlatform = await AV.User.loginWithAuthData(authData, 'otherplatform');
    expect(viaPlatform.id).toBe(user.id);
    expect(viaPlatform.getUsername()).toBe(user.getUsername());

    const unlinkReq = only(await sent(() => viaPlatform.dissociateAuthData('otherplatform')));
    expect(unlinkReq).toMatchObject({ method: 'PUT', path: `/1.1/classes/_User/${user.id}`, status: 200 });
    expect(unlinkReq.body).toEqual({ 'authData.otherplatform': { __op: 'Delete' } });
    const after = (await stored(user.id)).get('authData') as Record<string, unknown> | undefined;
    expect(after?.otherplatform).toBeUndefined();
    await AV.User.logOut();

    // Unlinked: the same identity now registers a new user.
    const newcomer = await AV.User.loginWithAuthData(authData, 'otherplatform');
    expect(newcomer.id).not.toBe(user.id);
  });

  it('an identity linked to one user cannot be linked to another', async () => {
    const authData = { uid: uniqueName('taken'), access_token: 'at' };
    const holder = await AV.User.loginWithAuthData(authData, 'someplatform');
    await AV.User.logOut();
    const { user } = await signUp('mike');
    const err = await rejection(user.associateWithAuthData(authData, 'someplatform'));
    expect(err.code).toBe(137);
    const mine = (await stored(user.id)).get('authData') as Record<string, unknown> | undefined;
    expect(mine?.someplatform).toBeUndefined();
    await AV.User.logOut();
    expect((await AV.User.loginWithAuthData(authData, 'someplatform')).id).toBe(holder.id);
  });
});

describe('_User queries and user-only ACLs', () => {
  it('querying _User without the master key is refused; with useMasterKey it works', async () => {
    const { user } = await signUp('nina');
    const err = await rejection(new AV.Query('_User').find());
    expect(err.code).toBe(403);
    expect(sdk().requests.at(-1)).toMatchObject({
      method: 'GET',
      path: expect.stringMatching(/^\/1\.1\/(users|classes\/_User)/),
    });
    await AV.User.logOut();
    expect((await rejection(new AV.Query('_User').find())).code).toBe(403);

    const reqs = await sent(() =>
      new AV.Query('_User').equalTo('objectId', user.id).find({ useMasterKey: true }),
    );
    const req = only(reqs);
    expect(req.status).toBe(200);
    expect(req.headers['X-LC-Key'] ?? req.headers['X-LC-Sign']).toMatch(/master/);
    const results = (req.response as { results: { objectId: string; password?: string }[] }).results;
    expect(results.map((u) => u.objectId)).toEqual([user.id]);
    expect(results[0]).not.toHaveProperty('password');
  });

  it("an object with a user-only ACL is invisible in another user's queries", async () => {
    const tag = uniqueName('tag');
    const { user: owner } = await signUp('olga');
    const privateAcl = new AV.ACL();
    privateAcl.setReadAccess(owner, true);
    privateAcl.setWriteAccess(owner, true);
    const secret = new AV.Object('SdkPrivateNote');
    secret.setACL(privateAcl);
    await secret.save({ tag, text: 'mine' });
    const open = new AV.Object('SdkPrivateNote');
    await open.save({ tag, text: 'everyone' });

    const query = () => new AV.Query('SdkPrivateNote').equalTo('tag', tag);
    const sortedIds = (list: { id?: string }[]) => list.map((o) => o.id).sort();
    expect(sortedIds(await query().find())).toEqual([secret.id, open.id].sort());
    expect(await query().count()).toBe(2);
    expect((await new AV.Query('SdkPrivateNote').get(secret.id ?? '')).get('text')).toBe('mine');
    await AV.User.logOut();

    const { user: other } = await signUp('pete');
    expect(other.id).not.toBe(owner.id);
    expect(sortedIds(await query().find())).toEqual([open.id]);
    expect(await query().count()).toBe(1);
    expect((await rejection(new AV.Query('SdkPrivateNote').get(secret.id ?? ''))).code).toBe(101);
    // Writing is refused too, and leaves the object as it was.
    const denied = await rejection(
      AV.Object.createWithoutData('SdkPrivateNote', secret.id ?? '').save({ text: 'hacked' }),
    );
    expect(denied.code).toBe(403);
    await AV.User.logOut();

    // Logged out: the same; the master key sees both, unchanged.
    expect(sortedIds(await query().find())).toEqual([open.id]);
    expect(sortedIds(await query().find({ useMasterKey: true }))).toEqual([secret.id, open.id].sort());
    const copy = await new AV.Query('SdkPrivateNote').get(secret.id ?? '', { useMasterKey: true });
    expect(copy.get('text')).toBe('mine');
  });
});
