import { isUniqueViolation } from '@switchboard/shared/sql';
import type { Sql } from '@switchboard/shared/sql';
import { linksOf } from '../services/users/auth-data';
import { replaceLinks } from '../store/auth-links';
import { tableFor } from '../store/tables';
import type { PreparedObject } from './switchboard-import-prepare';

const RECORDS = `jsonb_to_recordset($1::jsonb) AS r(id text, c timestamptz, u timestamptz, a jsonb, d jsonb)`;

/** One JSON parameter instead of five per row: Postgres (and PGlite above all) parses it faster. */
const recordsParam = (list: PreparedObject[]) =>
  JSON.stringify(
    list.map(({ row }) => ({ id: row.id, c: row.created_at, u: row.updated_at, a: row.acl, d: row.data })),
  );

/**
 * Inserts the objects with their own ids and times; an object that already exists is replaced
 * only when the imported copy is newer (updatedAt), so running an import again writes nothing. An
 * object exported without updatedAt is only ever inserted. Returns the ids written.
 *
 * With `insertNew` (only inside a transaction), the whole batch is first tried as one plain
 * INSERT under a savepoint: a first import is all new ids, and this is the cheapest write there is
 * (on PGlite about a third more objects/s than looking the ids up first, `pnpm
 * bench:import-ceiling`). When an id is already there, the savepoint is rolled back and ids not in
 * the table are written by a plain INSERT, the others by the upsert. An id another request inserts
 * meanwhile makes the statement fail as a unique violation, which the caller answers by writing
 * objects one at a time without `insertNew`.
 */
export async function upsertObjects(
  sql: Sql,
  className: string,
  objects: PreparedObject[],
  insertNew: boolean,
): Promise<Set<string>> {
  const written = new Set<string>();
  let rest = objects;
  if (insertNew && objects.length > 1) {
    if (await insertAllNew(sql, className, objects)) return new Set(objects.map((o) => o.row.id));
    const existing = new Set(
      (
        await sql.query<{ id: string }>(`SELECT id FROM ${tableFor(className)} WHERE id = ANY($1::text[])`, [
          objects.map((o) => o.row.id),
        ])
      ).map((r) => r.id),
    );
    const fresh = objects.filter((o) => !existing.has(o.row.id));
    rest = objects.filter((o) => existing.has(o.row.id));
    if (fresh.length > 0) {
      await insertPlain(sql, className, fresh);
      for (const o of fresh) written.add(o.row.id);
    }
  }
  const dated = rest.filter((o) => o.dated);
  const undated = rest.filter((o) => !o.dated);
  for (const [list, onConflict] of [
    [
      dated,
      `DO UPDATE SET created_at = EXCLUDED.created_at, updated_at = EXCLUDED.updated_at,
         acl = EXCLUDED.acl, data = EXCLUDED.data
       WHERE cur.updated_at < EXCLUDED.updated_at`,
    ],
    [undated, 'DO NOTHING'],
  ] as const) {
    if (list.length === 0) continue;
    const rows = await sql.query<{ id: string }>(
      `INSERT INTO ${tableFor(className)} AS cur (id, created_at, updated_at, acl, data)
       SELECT r.id, r.c, r.u, r.a, r.d FROM ${RECORDS}
       ON CONFLICT (id) ${onConflict}
       RETURNING id`,
      [recordsParam(list)],
    );
    for (const r of rows) written.add(r.id);
  }
  return written;
}

/** A plain INSERT of the objects: it fails on an id or unique value already taken. */
async function insertPlain(sql: Sql, className: string, objects: PreparedObject[]): Promise<void> {
  await sql.query(
    `INSERT INTO ${tableFor(className)} (id, created_at, updated_at, acl, data)
     SELECT r.id, r.c, r.u, r.a, r.d FROM ${RECORDS}`,
    [recordsParam(objects)],
  );
}

/** One plain INSERT of every object; false (and nothing written) when an id or unique value is taken. */
async function insertAllNew(sql: Sql, className: string, objects: PreparedObject[]): Promise<boolean> {
  await sql.query('SAVEPOINT import_fresh');
  try {
    await insertPlain(sql, className, objects);
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    await sql.query('ROLLBACK TO SAVEPOINT import_fresh');
    return false;
  }
  await sql.query('RELEASE SAVEPOINT import_fresh');
  return true;
}

/**
 * The credentials of written users: the imported LeanCloud hash (upgraded at first login) and
 * the authData identities. Returns the users whose identity another user already holds.
 */
export async function writeUserAuth(sql: Sql, users: PreparedObject[]): Promise<Map<string, string>> {
  const withHash = users.filter((u) => u.passwordHash);
  if (withHash.length > 0) {
    await sql.query(
      `INSERT INTO lc_user_auth (user_id, password_hash)
       SELECT * FROM unnest($1::text[], $2::text[])
       ON CONFLICT (user_id) DO UPDATE SET password_hash = EXCLUDED.password_hash`,
      [withHash.map((u) => u.row.id), withHash.map((u) => u.passwordHash)],
    );
  }
  const taken = new Map<string, string>();
  for (const u of users) {
    const links = linksOf(u.row.data.authData);
    if (links.length === 0) continue;
    const refused = await replaceLinks(sql, u.row.id, links);
    if (refused[0]) taken.set(u.row.id, refused[0].platform);
  }
  return taken;
}

export interface RelationMember {
  field: string;
  owningId: string;
  relatedClass: string;
  relatedId: string;
}

/** Adds relation members (already present ones are left alone); returns how many were new. */
export async function insertRelations(
  sql: Sql,
  ownerClass: string,
  members: RelationMember[],
): Promise<number> {
  if (members.length === 0) return 0;
  const rows = await sql.query(
    `INSERT INTO lc_relations (owner_class, field, owner_id, target_class, target_id)
     SELECT $1, f, o, c, t FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS m(f, o, c, t)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [
      ownerClass,
      members.map((m) => m.field),
      members.map((m) => m.owningId),
      members.map((m) => m.relatedClass),
      members.map((m) => m.relatedId),
    ],
  );
  return rows.length;
}
