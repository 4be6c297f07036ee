/**
 * Writes a LeanCloud-format export for the import benchmark: a schema file, three users, `n` Item
 * objects of every value type (JSON lines, as LeanCloud's data export writes big classes) and the
 * members of Item.likes (one per tenth item) as a _Join file.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';

const iso = (ms: number) => new Date(Date.UTC(2020, 0, 1) + ms).toISOString();
const id = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(24 - prefix.length, '0')}`;

async function writeLines(path: string, count: number, line: (n: number) => unknown): Promise<void> {
  const out = createWriteStream(path, 'utf8');
  for (let n = 0; n < count; n++) {
    // Respect back-pressure so a million lines do not pile up in memory.
    if (!out.write(`${JSON.stringify(line(n))}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

export interface BenchExport {
  dir: string;
  /** Objects (users + items) and relation members the export holds. */
  objects: number;
  members: number;
}

export async function writeBenchExport(dir: string, items: number): Promise<BenchExport> {
  await mkdir(dir, { recursive: true });
  const users = [0, 1, 2].map((n) => id('u', n));
  await writeFile(
    join(dir, '_Schema.json'),
    JSON.stringify({
      results: [
        {
          className: 'Item',
          fields: { title: { type: 'String' }, likes: { type: 'Relation', className: '_User' } },
        },
      ],
    }),
  );
  await writeLines(join(dir, '_User.jsonl'), users.length, (n) => ({
    objectId: users[n],
    username: `user${n}`,
    email: `user${n}@example.com`,
    createdAt: iso(n),
    updatedAt: iso(n),
    ACL: { '*': { read: true }, [users[n] ?? '']: { write: true } },
  }));
  await writeLines(join(dir, 'Item.jsonl'), items, (n) => ({
    objectId: id('a', n),
    title: `item ${n}`,
    count: n,
    ratio: n / 7,
    done: n % 2 === 0,
    due: { __type: 'Date', iso: iso(n * 60_000) },
    owner: { __type: 'Pointer', className: '_User', objectId: users[n % 3] },
    place: { __type: 'GeoPoint', latitude: (n % 180) - 90, longitude: (n % 360) - 180 },
    tags: ['a', n, { nested: true }],
    meta: { depth: { level: n % 5 }, note: 'x,"y"\nz' },
    likes: { __type: 'Relation', className: '_User' },
    createdAt: iso(n * 1000),
    updatedAt: iso(n * 1000 + 1),
    ...(n % 3 === 0 ? { ACL: { [users[0] ?? '']: { read: true, write: true }, '*': { read: true } } } : {}),
  }));
  const members = Math.ceil(items / 10);
  await writeLines(join(dir, '_Join:likes:Item.jsonl'), members, (n) => ({
    owningId: id('a', n * 10),
    relatedId: users[n % 3],
  }));
  return { dir, objects: users.length + items, members };
}
