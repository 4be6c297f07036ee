// The `create` permission of the built-in classes, whose creates have their own paths: sign-up
// (password, authData), roles, file records (external and uploaded) and installations. Each is
// refused to a client the permission leaves out, admitted to one it names, and the master key
// passes; with no permission set, sign-up works for everyone.
import { afterEach, describe, expect, it } from 'vitest';
import { androidDevice } from '../push/test-helpers';
import { session, signUp, uniqueName } from '../test/accounts';
import { useSdkServer } from './helpers';
import { AV, rejection } from './setup';

const { sdk } = useSdkServer();

const setCreate = async (className: string, create: Record<string, unknown> | undefined) => {
  const permissions = create ? { create } : { create: { '*': true } };
  const r = await sdk().t.request('PUT', `/1.1/schemas/${className}`, {
    auth: 'master',
    body: { permissions },
  });
  expect(r.status, r.text).toBe(200);
};

const forbiddenMessage = (className: string) => `Forbidden to create by class '${className}' permissions.`;

afterEach(async () => {
  await AV.User.logOut();
  for (const c of ['_User', '_Role', '_File', '_Installation']) await setCreate(c, undefined);
});

describe('built-in class creates check the class create permission', () => {
  it('signs up anyone when no permission is set', async () => {
    const user = await AV.User.signUp(uniqueName('free'), 'password-1');
    expect(user.getSessionToken()).toBeTruthy();
  });

  it('refuses a sign-up the permission leaves out, and the master key passes', async () => {
    await setCreate('_User', { roles: ['Registrar'] });
    const err = await rejection(AV.User.signUp(uniqueName('blocked'), 'password-1'));
    // The SDK appends the request to the server's message.
    expect([err.code, err.message.startsWith(forbiddenMessage('_User'))]).toEqual([403, true]);
    const viaAuthData = await sdk().t.request('POST', '/1.1/users', {
      body: { authData: { anonymous: { id: uniqueName('anon') } } },
    });
    expect([viaAuthData.status, viaAuthData.json.error]).toEqual([403, forbiddenMessage('_User')]);
    const username = uniqueName('bymaster');
    const byMaster = await sdk().t.request('POST', '/1.1/users', {
      auth: 'master',
      body: { username, password: 'password-1' },
    });
    expect(byMaster.status, byMaster.text).toBe(201);
    // Nothing was written for the refused ones.
    const count = await sdk().t.request('GET', '/1.1/users', {
      auth: 'master',
      query: { where: { username: { $regex: '^(blocked|anon)_' } }, count: '1', limit: '0' },
    });
    expect(count.json.count).toBe(0);
    // An existing user still logs in: logging in is not a create.
    await expect(AV.User.logIn(username, 'password-1')).resolves.toBeTruthy();
  });

  it('refuses a role create to anonymous clients when only signed-in users may', async () => {
    await setCreate('_Role', { onlySignInUsers: true });
    const body = (name: string) => ({ name, ACL: { '*': { read: true } } });
    const anon = await sdk().t.request('POST', '/1.1/roles', { body: body(uniqueName('r')) });
    expect([anon.status, anon.json.error]).toEqual([403, forbiddenMessage('_Role')]);
    const viaClasses = await sdk().t.request('POST', '/1.1/classes/_Role', { body: body(uniqueName('r')) });
    expect(viaClasses.status).toBe(403);
    const user = await signUp(sdk().t);
    const signedIn = await sdk().t.request('POST', '/1.1/roles', {
      body: body(uniqueName('r')),
      headers: session(user),
    });
    expect(signedIn.status, signedIn.text).toBe(201);
  });

  it('refuses file records (uploaded and external) the permission leaves out', async () => {
    const user = await signUp(sdk().t);
    await setCreate('_File', { users: [user.objectId] });
    const upload = await rejection(new AV.File('a.txt', { base64: 'aGVsbG8=' }).save());
    expect([upload.code, upload.message.startsWith(forbiddenMessage('_File'))]).toEqual([403, true]);
    const external = { url: 'https://cdn.example.com/a.txt', name: 'a.txt', mime_type: 'text/plain' };
    const anon = await sdk().t.request('POST', '/1.1/files', { body: external });
    expect([anon.status, anon.json.error]).toEqual([403, forbiddenMessage('_File')]);
    const named = await sdk().t.request('POST', '/1.1/files', { body: external, headers: session(user) });
    expect(named.status, named.text).toBe(201);
    const byMaster = await sdk().t.request('POST', '/1.1/fileTokens', {
      auth: 'master',
      body: { name: 'b.txt' },
    });
    expect(byMaster.status, byMaster.text).toBe(200);
  });

  it('refuses a new installation the permission leaves out, and the master key passes', async () => {
    await setCreate('_Installation', { onlySignInUsers: true });
    const anon = await sdk().t.request('POST', '/1.1/installations', { body: androidDevice() });
    expect([anon.status, anon.json.error]).toEqual([403, forbiddenMessage('_Installation')]);
    const byMaster = await sdk().t.request('POST', '/1.1/installations', {
      auth: 'master',
      body: androidDevice(),
    });
    expect(byMaster.status, byMaster.text).toBe(201);
  });
});
