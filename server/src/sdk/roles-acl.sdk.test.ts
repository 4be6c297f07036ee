// The real `leancloud-storage` SDK with roles and ACLs (Doc 1 Role, ACL, Roles): a role's users
// get the permissions the role has, child roles (a role's `roles` relation) inherit the parent's,
// membership changes take effect at once, and a role is changed only by those its ACL lets write.
// The SDK keeps its current user in module state: every test starts and ends logged out.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { only, useSdkServer } from './helpers';
import { AV, rejection } from './setup';

const { sent } = useSdkServer();

let serial = 0;
const uniqueName = (base: string) => `${base}_${Date.now().toString(36)}_${serial++}`;

interface Account {
  id: string;
  token: string;
  user: AV.User;
}

/** Signs up a user and logs out again. */
async function account(base: string): Promise<Account> {
  const user = await AV.User.signUp(uniqueName(base), 'password-1');
  await AV.User.logOut();
  return { id: user.id ?? '', token: user.getSessionToken(), user };
}

/** Makes `who` the SDK's current user (anonymous when undefined). */
async function actAs(who: Account | undefined): Promise<void> {
  await AV.User.logOut();
  if (who) expect((await AV.User.become(who.token)).id).toBe(who.id);
}

/** A role whose ACL lets everyone read it and only `owner` write it, saved as `owner`. */
async function makeRole(owner: Account, members: Account[], children: AV.Role[] = []): Promise<AV.Role> {
  await actAs(owner);
  const acl = new AV.ACL();
  acl.setPublicReadAccess(true);
  acl.setWriteAccess(owner.user, true);
  const role = new AV.Role(uniqueName('Role'), acl);
  for (const m of members) role.getUsers().add(m.user);
  for (const c of children) role.getRoles().add(c);
  await role.save();
  await AV.User.logOut();
  return role;
}

/** Saves an object with the given ACL using the master key. */
async function secured(className: string, acl: AV.ACL, attrs: Record<string, unknown>): Promise<AV.Object> {
  const o = new AV.Object(className);
  o.setACL(acl);
  return o.save(attrs, { useMasterKey: true });
}

/** What `who` reads of an object: its `text`, or undefined when the object is hidden (101). */
async function readAs(who: Account | undefined, className: string, id: string | undefined): Promise<unknown> {
  await actAs(who);
  try {
    return (await new AV.Query(className).get(id ?? '')).get('text');
  } catch (e) {
    expect((e as AV.Error).code).toBe(101);
    return undefined;
  } finally {
    await AV.User.logOut();
  }
}

/** The ids a tag query returns for `who`. */
async function queryAs(
  who: Account | undefined,
  className: string,
  tag: string,
): Promise<(string | undefined)[]> {
  await actAs(who);
  try {
    const found = await new AV.Query(className).equalTo('tag', tag).find();
    return found.map((o) => o.id).sort();
  } finally {
    await AV.User.logOut();
  }
}

let admin: Account;
let member: Account;
let outsider: Account;
beforeAll(async () => {
  admin = await account('admin');
  member = await account('member');
  outsider = await account('outsider');
});
beforeEach(() => AV.User.logOut());
afterEach(() => AV.User.logOut());

describe('a role grants its permissions to its users', () => {
  it('saves a role with its ACL and users through AddRelation', async () => {
    await actAs(admin);
    const acl = new AV.ACL();
    acl.setPublicReadAccess(true);
    acl.setWriteAccess(admin.user, true);
    const name = uniqueName('Editors');
    const role = new AV.Role(name, acl);
    role.getUsers().add(member.user);
    const req = only(await sent(() => role.save()));
    expect(req).toMatchObject({ method: 'POST', status: 201 });
    expect(req.path).toMatch(/^\/1\.1\/(roles|classes\/_Role)\b/);
    expect(req.body).toMatchObject({
      name,
      ACL: { '*': { read: true }, [admin.id]: { write: true } },
      users: {
        __op: 'AddRelation',
        objects: [{ __type: 'Pointer', className: '_User', objectId: member.id }],
      },
    });
    expect(role.id).toMatch(/^\w+$/);

    // Doc 1 Roles: the roles of a user are found with `users` equal to the user.
    await actAs(member);
    const mine = await member.user.getRoles();
    expect(mine.map((r) => r.getName())).toContain(name);
    const byQuery = await new AV.Query(AV.Role).equalTo('users', member.user).find();
    expect(byQuery.map((r) => r.id)).toContain(role.id);
    await AV.User.logOut();

    // Users of the role through $relatedTo on _User (the _User query needs the master key).
    const users = await role.getUsers().query().find({ useMasterKey: true });
    expect(users.map((u) => u.id)).toEqual([member.id]);
    const fetched = await new AV.Query(AV.Role).get(role.id ?? '');
    expect(fetched.getName()).toBe(name);
  });

  it('an object readable by a role is readable by its users, and by nobody else', async () => {
    const role = await makeRole(admin, [member]);
    const tag = uniqueName('tag');
    const acl = new AV.ACL();
    acl.setRoleReadAccess(role, true);
    const doc = await secured('SdkRoleDoc', acl, { tag, text: 'for the role' });
    const open = await secured('SdkRoleDoc', new AV.ACL({ '*': { read: true } }), { tag, text: 'open' });

    expect(await readAs(member, 'SdkRoleDoc', doc.id)).toBe('for the role');
    expect(await readAs(outsider, 'SdkRoleDoc', doc.id)).toBeUndefined();
    expect(await readAs(admin, 'SdkRoleDoc', doc.id)).toBeUndefined();
    expect(await readAs(undefined, 'SdkRoleDoc', doc.id)).toBeUndefined();

    const both = [doc.id, open.id].sort();
    expect(await queryAs(member, 'SdkRoleDoc', tag)).toEqual(both);
    expect(await queryAs(outsider, 'SdkRoleDoc', tag)).toEqual([open.id]);
    expect(await queryAs(undefined, 'SdkRoleDoc', tag)).toEqual([open.id]);
  });

  it('an object writable by a role can be changed by its users only', async () => {
    const role = await makeRole(admin, [member]);
    const acl = new AV.ACL();
    acl.setPublicReadAccess(true);
    acl.setRoleWriteAccess(role, true);
    const doc = await secured('SdkRoleDoc', acl, { text: 'v1' });

    await actAs(outsider);
    const denied = await rejection(
      AV.Object.createWithoutData('SdkRoleDoc', doc.id ?? '').save({ text: 'outsider' }),
    );
    expect(denied.code).toBe(403);
    const notDeleted = await rejection(AV.Object.createWithoutData('SdkRoleDoc', doc.id ?? '').destroy());
    expect(notDeleted.code).toBe(403);
    expect(await readAs(undefined, 'SdkRoleDoc', doc.id)).toBe('v1');

    await actAs(member);
    await AV.Object.createWithoutData('SdkRoleDoc', doc.id ?? '').save({ text: 'v2' });
    expect(await readAs(undefined, 'SdkRoleDoc', doc.id)).toBe('v2');
    await actAs(member);
    await AV.Object.createWithoutData('SdkRoleDoc', doc.id ?? '').destroy();
    const gone = await new AV.Query('SdkRoleDoc').equalTo('objectId', doc.id).find({ useMasterKey: true });
    expect(gone).toEqual([]);
  });

  it('removing a user from the role takes the access away at once', async () => {
    const extra = await account('extra');
    const role = await makeRole(admin, [member, extra]);
    const acl = new AV.ACL();
    acl.setRoleReadAccess(role, true);
    const doc = await secured('SdkRoleDoc', acl, { text: 'members only' });
    expect(await readAs(extra, 'SdkRoleDoc', doc.id)).toBe('members only');

    await actAs(admin);
    role.getUsers().remove(extra.user);
    await role.save();
    expect(await readAs(extra, 'SdkRoleDoc', doc.id)).toBeUndefined();
    expect(await readAs(member, 'SdkRoleDoc', doc.id)).toBe('members only');
  });

  it("only those the role's ACL lets write can add themselves to it", async () => {
    const role = await makeRole(admin, [member]);
    const acl = new AV.ACL();
    acl.setRoleReadAccess(role, true);
    const doc = await secured('SdkRoleDoc', acl, { text: 'guarded' });

    await actAs(outsider);
    const sneaky = AV.Object.createWithoutData<AV.Role>('_Role', role.id ?? '');
    sneaky.getUsers().add(outsider.user);
    const err = await rejection(sneaky.save());
    expect(err.code).toBe(403);
    expect(await readAs(outsider, 'SdkRoleDoc', doc.id)).toBeUndefined();
    const users = await role.getUsers().query().find({ useMasterKey: true });
    expect(users.map((u) => u.id)).toEqual([member.id]);
  });

  it('deleting a role takes its permissions away; only its writers may delete it', async () => {
    const role = await makeRole(admin, [member]);
    const acl = new AV.ACL();
    acl.setRoleReadAccess(role, true);
    const doc = await secured('SdkRoleDoc', acl, { text: 'until the role goes' });
    expect(await readAs(member, 'SdkRoleDoc', doc.id)).toBe('until the role goes');

    await actAs(outsider);
    const refused = await rejection(AV.Object.createWithoutData('_Role', role.id ?? '').destroy());
    expect(refused.code).toBe(403);
    expect(await readAs(member, 'SdkRoleDoc', doc.id)).toBe('until the role goes');

    await actAs(admin);
    await role.destroy();
    expect(await new AV.Query(AV.Role).equalTo('name', role.getName()).find()).toEqual([]);
    expect(await readAs(member, 'SdkRoleDoc', doc.id)).toBeUndefined();
  });

  it("a role's name cannot change", async () => {
    const role = await makeRole(admin, []);
    await actAs(admin);
    const original = role.getName();
    role.set('name', uniqueName('Renamed'));
    let err: (AV.Error & Record<string, unknown>) | undefined;
    const req = only(
      await sent(async () => {
        err = await rejection(role.save());
      }),
    );
    expect(req).toMatchObject({ method: 'PUT', status: 400 });
    expect(err?.code).toBe(139);
    await AV.User.logOut();
    const copy = await new AV.Query(AV.Role).get(role.id ?? '');
    expect(copy.getName()).toBe(original);
  });

  it('a second role with the same name is refused', async () => {
    const role = await makeRole(admin, []);
    const acl = new AV.ACL();
    acl.setPublicReadAccess(true);
    const err = await rejection(new AV.Role(role.getName(), acl).save(null, { useMasterKey: true }));
    expect(err.code).toBe(137);
    const same = await new AV.Query(AV.Role).equalTo('name', role.getName()).find();
    expect(same).toHaveLength(1);
  });
});

describe('role inheritance (Doc 1 Role: child roles inherit all permissions of the parent)', () => {
  it("a user of a child role (added with role.getRoles().add) has the parent's permissions", async () => {
    const parentOnly = await account('parentOnly');
    const child = await makeRole(admin, [member]);
    const parent = await makeRole(admin, [parentOnly]);
    await actAs(admin);
    parent.getRoles().add(child);
    const req = only(await sent(() => parent.save()));
    expect(req.body).toMatchObject({
      roles: {
        __op: 'AddRelation',
        objects: [{ __type: 'Pointer', className: '_Role', objectId: child.id }],
      },
    });
    await AV.User.logOut();

    const forParent = new AV.ACL();
    forParent.setRoleReadAccess(parent, true);
    const parentDoc = await secured('SdkRoleDoc', forParent, { text: 'parent' });
    const forChild = new AV.ACL();
    forChild.setRoleReadAccess(child, true);
    const childDoc = await secured('SdkRoleDoc', forChild, { text: 'child' });

    // The child's user reads what the parent may read...
    expect(await readAs(member, 'SdkRoleDoc', parentDoc.id)).toBe('parent');
    expect(await readAs(member, 'SdkRoleDoc', childDoc.id)).toBe('child');
    // ...but the parent's own user does not get the child's permissions.
    expect(await readAs(parentOnly, 'SdkRoleDoc', parentDoc.id)).toBe('parent');
    expect(await readAs(parentOnly, 'SdkRoleDoc', childDoc.id)).toBeUndefined();
    expect(await readAs(outsider, 'SdkRoleDoc', parentDoc.id)).toBeUndefined();
  });

  it('inheritance is transitive, and a cycle of roles makes every role of the loop inherit', async () => {
    const bottomUser = await account('bottom');
    const topUser = await account('top');
    const bottom = await makeRole(admin, [bottomUser]);
    const middle = await makeRole(admin, [], [bottom]);
    const top = await makeRole(admin, [topUser], [middle]);

    const tag = uniqueName('chain');
    const docs: AV.Object[] = [];
    for (const role of [top, middle, bottom]) {
      const acl = new AV.ACL();
      acl.setRoleReadAccess(role, true);
      docs.push(await secured('SdkRoleDoc', acl, { tag, text: role.getName() }));
    }
    const [topDoc] = docs;
    const all = docs.map((d) => d.id).sort();
    // bottom is inside middle, which is inside top: bottom's user has all three roles.
    expect(await queryAs(bottomUser, 'SdkRoleDoc', tag)).toEqual(all);
    expect(await readAs(bottomUser, 'SdkRoleDoc', topDoc?.id)).toBe(top.getName());
    // top's own user has only top.
    expect(await queryAs(topUser, 'SdkRoleDoc', tag)).toEqual([topDoc?.id]);

    // Close the loop: top becomes a child of bottom. Now top inherits bottom, hence middle too.
    await actAs(admin);
    bottom.getRoles().add(top);
    await bottom.save();
    await AV.User.logOut();
    expect(await queryAs(topUser, 'SdkRoleDoc', tag)).toEqual(all);
    expect(await queryAs(bottomUser, 'SdkRoleDoc', tag)).toEqual(all);
    expect(await queryAs(member, 'SdkRoleDoc', tag)).toEqual([]);
  });
});
