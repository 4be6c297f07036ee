import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { leancloudHash } from '../services/users/legacy-hash';

/** An object as a LeanCloud export holds it (REST encoding). */
export type Exported = Record<string, unknown>;

export interface BuiltExport {
  /** Every object written, by class, as the export holds it. */
  objects: Map<string, Exported[]>;
  users: { username: string; password: string; objectId: string }[];
  /** Relation members: "<Owner>.<field>" -> [owningId, relatedId][]. */
  relations: Map<string, [string, string][]>;
}

const iso = (ms: number) => new Date(Date.UTC(2020, 0, 1) + ms).toISOString();
const id = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(24 - prefix.length, '0')}`;
const jsonl = (list: unknown[]) => `${list.map((o) => JSON.stringify(o)).join('\n')}\n`;
const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/**
 * Writes a LeanCloud-format export into `dir`: a schema file, _User with passwords hashed by the
 * documented algorithm (salted SHA-512, 512 rehashes) and authData, _Role with its users relation,
 * _File, _Installation, _Conversation, `items` Item objects holding every type (JSON lines), Post
 * in LeanCloud's CSV (type row, name row), and relation members as _Join files (JSON and CSV).
 */
export async function buildExport(dir: string, items: number): Promise<BuiltExport> {
  await mkdir(dir, { recursive: true });
  const objects = new Map<string, Exported[]>();
  const relations = new Map<string, [string, string][]>();
  const users = [0, 1, 2].map((n) => ({
    username: `user${n}`,
    password: `pässword ${n}!`,
    objectId: id('u', n),
  }));
  objects.set(
    '_User',
    users.map((u, n) => {
      const salt = `salt${n}x797d3oa0naxybxxv9bn7xpt2yiowz68mpiwou7`;
      return {
        objectId: u.objectId,
        username: u.username,
        email: `${u.username}@example.com`,
        emailVerified: n === 0,
        salt,
        password: leancloudHash(salt, u.password),
        ...(n === 1 ? { authData: { weixin: { uid: 'wx-openid-1', access_token: 'tok' } } } : {}),
        createdAt: iso(n * 1000),
        updatedAt: iso(n * 1000 + 500),
        ACL: { '*': { read: true }, [u.objectId]: { write: true } },
      };
    }),
  );
  objects.set('_Role', [
    {
      objectId: id('r', 0),
      name: 'admin',
      users: { __type: 'Relation', className: '_User' },
      roles: { __type: 'Relation', className: '_Role' },
      ACL: { '*': { read: true } },
      createdAt: iso(5000),
      updatedAt: iso(5000),
    },
  ]);
  relations.set('_Role.users', [
    [id('r', 0), users[0]?.objectId ?? ''],
    [id('r', 0), users[1]?.objectId ?? ''],
  ]);
  objects.set('_File', [
    {
      objectId: id('f', 0),
      name: 'avatar.png',
      url: 'https://files.example.com/avatar.png',
      key: 'abc/avatar.png',
      mime_type: 'image/png',
      metaData: { size: 3, owner: 'unknown' },
      createdAt: iso(6000),
      updatedAt: iso(6000),
    },
  ]);
  objects.set('_Installation', [
    {
      objectId: id('i', 0),
      deviceType: 'ios',
      deviceToken: 'a'.repeat(64),
      channels: ['news'],
      timeZone: 'Asia/Shanghai',
      createdAt: iso(7000),
      updatedAt: iso(7000),
    },
  ]);
  objects.set('_Conversation', [
    {
      objectId: id('c', 0),
      name: 'chat',
      m: users.map((u) => u.objectId),
      c: users[0]?.objectId,
      tr: false,
      lm: { __type: 'Date', iso: iso(9000) },
      createdAt: iso(8000),
      updatedAt: iso(8000),
    },
  ]);
  const itemList: Exported[] = [];
  for (let n = 0; n < items; n++) {
    itemList.push({
      objectId: id('a', n),
      title: `item ${n}`,
      count: n,
      ratio: n / 7,
      done: n % 2 === 0,
      due: { __type: 'Date', iso: iso(n * 60_000) },
      owner: { __type: 'Pointer', className: '_User', objectId: users[n % 3]?.objectId },
      image: { __type: 'File', id: id('f', 0) },
      place: { __type: 'GeoPoint', latitude: (n % 180) - 90, longitude: (n % 360) - 180 },
      blob: { __type: 'Bytes', base64: Buffer.from(`bytes ${n}`).toString('base64') },
      tags: ['a', n, { nested: true }],
      meta: { depth: { level: n % 5 }, note: 'x,"y"\nz' },
      likes: { __type: 'Relation', className: '_User' },
      createdAt: iso(n * 1000),
      updatedAt: iso(n * 1000 + 1),
      ...(n % 3 === 0
        ? { ACL: { [users[0]?.objectId ?? '']: { read: true, write: true }, 'role:admin': { read: true } } }
        : {}),
    });
  }
  objects.set('Item', itemList);
  relations.set('Item.likes', [
    [id('a', 0), users[1]?.objectId ?? ''],
    [id('a', 1), users[2]?.objectId ?? ''],
  ]);
  const posts: Exported[] = [0, 1, 2].map((n) => ({
    objectId: id('p', n),
    title: n === 1 ? 'with, comma and "quotes"' : `post ${n}`,
    views: n * 10,
    score: n + 0.5,
    published: n !== 2,
    when: { __type: 'Date', iso: iso(n) },
    tags: ['x', 'y'],
    createdAt: iso(n * 10),
    updatedAt: iso(n * 10 + 5),
  }));
  objects.set('Post', posts);

  await writeFile(
    join(dir, '_Schema.json'),
    JSON.stringify({
      results: [
        {
          className: 'Item',
          fields: {
            title: { type: 'String' },
            summary: { type: 'String' },
            likes: { type: 'Relation', className: '_User' },
          },
        },
      ],
    }),
  );
  for (const c of ['_User', '_File', '_Installation', '_Conversation', 'Item'])
    await writeFile(join(dir, `${c}.jsonl`), jsonl(objects.get(c) ?? []));
  await writeFile(join(dir, '_Role.json'), JSON.stringify({ results: objects.get('_Role') }));
  await writeFile(
    join(dir, 'Post.csv'),
    [
      'string,string,int,double,boolean,date,array,date,date',
      'objectId,title,views,score,published,when,tags,createdAt,updatedAt',
      ...posts.map((p) =>
        [
          p.objectId,
          p.title,
          p.views,
          p.score,
          p.published,
          (p.when as { iso: string }).iso,
          JSON.stringify(p.tags),
          p.createdAt,
          p.updatedAt,
        ]
          .map((v) => csvCell(String(v)))
          .join(','),
      ),
    ].join('\r\n'),
  );
  await writeFile(
    join(dir, '_Join:users:_Role.jsonl'),
    jsonl((relations.get('_Role.users') ?? []).map(([owningId, relatedId]) => ({ owningId, relatedId }))),
  );
  await writeFile(
    join(dir, '_Join:likes:Item.csv'),
    (relations.get('Item.likes') ?? []).map((r) => r.join(',')).join('\n'),
  );
  return { objects, users, relations };
}
