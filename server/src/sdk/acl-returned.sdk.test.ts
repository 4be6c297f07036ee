// The real `leancloud-storage` SDK reading ACLs back (includeACL, the app setting that allows
// returning ACLs on) and saving ACL entries for roles whose names our role creation no longer
// allows but LeanCloud apps have (the SDK itself allows "-" and spaces in role names).
import { afterEach, describe, expect, it } from 'vitest';
import { only, useSdkServer } from './helpers';
import { AV, rejection } from './setup';

const { sdk, sent } = useSdkServer(undefined, { returnAclAllowed: true });

let serial = 0;
const unique = (base: string) => `${base}_${Date.now().toString(36)}_${serial++}`;

afterEach(() => AV.User.logOut());

/** Signs up a user and logs out again; the session token lets a test act as the user later. */
async function account(): Promise<{ id: string; token: string }> {
  const user = await AV.User.signUp(unique('acl'), 'password-1');
  await AV.User.logOut();
  return { id: user.id ?? '', token: user.getSessionToken() };
}

/**
 * A role named "write-only-role" with one member, as moved from LeanCloud by the import API (role
 * creation here takes letters, digits and underscore only).
 */
async function importedRole(memberId: string): Promise<void> {
  const roleId = 'a0000000000000000000000e';
  const res = await sdk().t.request('POST', '/1.1/switchboard/import/_Role', {
    auth: 'master',
    body: {
      objects: [{ objectId: roleId, name: 'write-only-role', ACL: { '*': { read: true } } }],
      relations: [{ field: 'users', owningId: roleId, relatedClass: '_User', relatedId: memberId }],
    },
  });
  expect(res.json).toMatchObject({ written: 1, failed: [], relationsAdded: 1 });
}

describe('an ACL key role:<name> with characters other than letters, digits and underscore', () => {
  it('is saved (201), returned with includeACL, and enforced for a member and a non-member', async () => {
    const member = await account();
    const outsider = await account();
    await importedRole(member.id);

    const acl = new AV.ACL();
    acl.setPublicReadAccess(true);
    acl.setRoleWriteAccess('write-only-role', true);
    const score = new AV.Object('GameScore');
    score.setACL(acl);
    const save = only(await sent(() => score.save({ score: 1 })));
    expect(save).toMatchObject({ method: 'POST', path: '/1.1/classes/GameScore', status: 201 });
    expect((save.body as { ACL: unknown }).ACL).toEqual({
      '*': { read: true },
      'role:write-only-role': { write: true },
    });

    const got = await AV.Object.createWithoutData('GameScore', score.id ?? '').fetch({ includeACL: true });
    expect(got.getACL().getRoleWriteAccess('write-only-role')).toBe(true);
    expect(got.getACL().getRoleReadAccess('write-only-role')).toBe(false);
    expect([got.getACL().getPublicReadAccess(), got.getACL().getPublicWriteAccess()]).toEqual([true, false]);

    await AV.User.become(outsider.token);
    const refused = await rejection(
      AV.Object.createWithoutData('GameScore', score.id ?? '').save({ score: 9 }),
    );
    expect(refused.code).toBe(403); // LeanCloud's "Forbidden writing by object's ACL"
    await AV.User.become(member.token);
    await AV.Object.createWithoutData('GameScore', score.id ?? '').save({ score: 2 });
    await AV.User.logOut();
    expect((await new AV.Query('GameScore').get(score.id ?? '')).get('score')).toBe(2);
  });
});

describe('includeACL on an object saved without an ACL', () => {
  // (AV.Query#get drops includeACL in this SDK version: it reads a parameter its own query never sets.)
  it('returns the effective default, public read and write, on fetch and find', async () => {
    const plain = await new AV.Object('NoAclScore').save({ score: 1 });
    const viaFetch = await AV.Object.createWithoutData('NoAclScore', plain.id ?? '').fetch({
      includeACL: true,
    });
    const [viaFind] = await new AV.Query('NoAclScore').includeACL(true).find();
    for (const o of [viaFetch, viaFind]) {
      const got = o?.getACL();
      expect(got).toBeInstanceOf(AV.ACL);
      expect([got?.getPublicReadAccess(), got?.getPublicWriteAccess()]).toEqual([true, true]);
    }
    // Without includeACL there is still none, as before.
    expect(
      (await AV.Object.createWithoutData('NoAclScore', plain.id ?? '').fetch()).getACL(),
    ).toBeUndefined();
  });
});
