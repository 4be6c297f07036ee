import { FIELD_TYPES, isPlainObject, LcCode } from '@switchboard/shared';
import type { FieldSchema } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { isUniqueViolation } from '@switchboard/shared/sql';
import { z } from 'zod';
import { badRequest } from '../http/errors';
import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import { parseInput } from '../http/validate';
import type { Clock } from '../lib/clock';
import { newFieldTypes } from '../services/schema';
import type { BlobStore } from '../store/blobs';
import type { ClassFields, ClassRegistry } from '../store/classes';
import { failureOf, prepareObject } from './switchboard-import-prepare';
import type { Failure, PreparedObject } from './switchboard-import-prepare';
import { switchboardImportFileRoutes } from './switchboard-import-files';
import { insertRelations, upsertObjects, writeUserAuth } from './switchboard-import-write';

const MAX_BATCH = 5000;
const CLASS_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,59}$/;

const importBody = z.object({
  objects: z.array(z.unknown()).max(MAX_BATCH).default([]),
  relations: z
    .array(
      z.object({
        field: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
        owningId: z.string().min(1),
        relatedClass: z.string().regex(CLASS_NAME),
        relatedId: z.string().min(1),
      }),
    )
    .max(MAX_BATCH * 10)
    .default([]),
  /** Field types from the export's schema file, recorded before any object (known ones stay). */
  fields: z
    .record(
      z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
      z.object({ type: z.enum(FIELD_TYPES), className: z.string().regex(CLASS_NAME).optional() }),
    )
    .default({}),
  /** The rehash rounds of LeanCloud's password hash (legacy-hash.ts), when an export differs. */
  hashRounds: z.number().int().min(0).max(100_000).optional(),
});

export interface ImportResult {
  written: number;
  skipped: number;
  failed: Failure[];
  relationsAdded: number;
}

interface Deps {
  classes: ClassRegistry;
  clock: Clock;
  /** Where file content is stored (switchboard-import-files.ts). */
  blobs: BlobStore;
  /** Counts writes so the planner's statistics are refreshed after a big import. */
  onWrite: (className: string, n: number) => void;
}

/**
 * Switchboard extension for moving an app over (master key only): writes objects with the
 * objectId, createdAt, updatedAt and ACL they had, users with their LeanCloud password hash and
 * authData, and relation members. Upsert by objectId, newer updatedAt wins, one transaction per
 * request: the same request sent twice changes nothing the second time.
 */
export function switchboardImportRoutes(router: ApiRouter, deps: Deps): void {
  router.on('POST', '/1.1/switchboard/import/:className', async (req) => {
    requireMaster(req.auth, 'importing objects');
    const className = req.params.className ?? '';
    if (!CLASS_NAME.test(className))
      throw badRequest(LcCode.InvalidClassName, `"${className}" is not a valid class name.`);
    if (!isPlainObject(req.body))
      throw badRequest(LcCode.InvalidJson, 'Send a JSON object with "objects" and/or "relations".');
    const body = parseInput(importBody, req.body, 'import body');
    return { body: await importBatch(req.sql, deps, className, body) };
  });
  switchboardImportFileRoutes(router, deps);
}

async function importBatch(
  sql: Sql,
  deps: Deps,
  className: string,
  body: z.infer<typeof importBody>,
): Promise<ImportResult> {
  const failed: Failure[] = [];
  const now = deps.clock.now();
  const ready: { index: number; p: PreparedObject }[] = [];
  body.objects.forEach((raw, index) => {
    try {
      ready.push({ index, p: prepareObject(className, raw, now, body.hashRounds) });
    } catch (e) {
      failed.push(failureOf(index, raw, e));
    }
  });
  await deps.classes.ensure(sql, className);
  await recordSchemaFields(sql, deps.classes, className, body.fields);
  const typed = await recordTypes(sql, deps.classes, className, ready, failed);
  // One statement cannot update a row twice: of repeated ids the newest copy goes in.
  const byId = new Map<string, { index: number; p: PreparedObject }>();
  for (const r of typed) {
    const prev = byId.get(r.p.row.id);
    if (!prev || prev.p.row.updated_at < r.p.row.updated_at) byId.set(r.p.row.id, r);
  }
  // In id order, so that batches written at once lock their rows in one order and cannot deadlock.
  const unique = [...byId.values()].sort((a, b) => (a.p.row.id < b.p.row.id ? -1 : 1));
  let written = 0;
  try {
    written = await sql.transaction((tx) => writeAll(tx, className, unique, failed, true));
  } catch (e) {
    // A unique field (username, e-mail...) taken, or an id inserted meanwhile by another request:
    // find which objects by writing them one by one, each with the upsert.
    if (!isUniqueViolation(e)) throw e;
    for (const r of unique) {
      try {
        written += await sql.transaction((tx) => writeAll(tx, className, [r], failed, false));
      } catch (one) {
        if (!isUniqueViolation(one)) throw one;
        failed.push({
          index: r.index,
          objectId: r.p.row.id,
          code: LcCode.DuplicateValue,
          error:
            'A unique field (username, email, mobilePhoneNumber or name) is already taken by another object.',
        });
      }
    }
  }
  if (written > 0) deps.onWrite(className, written);
  const relationsAdded = await insertRelations(sql, className, body.relations);
  if (body.relations.length > 0) await recordRelationFields(sql, deps.classes, className, body.relations);
  failed.sort((a, b) => a.index - b.index);
  return { written, skipped: body.objects.length - written - failed.length, failed, relationsAdded };
}

async function writeAll(
  tx: Sql,
  className: string,
  objects: { index: number; p: PreparedObject }[],
  failed: Failure[],
  insertNew: boolean,
): Promise<number> {
  const ids = await upsertObjects(
    tx,
    className,
    objects.map((o) => o.p),
    insertNew,
  );
  if (className === '_User') {
    const written = objects.filter((o) => ids.has(o.p.row.id));
    const taken = await writeUserAuth(
      tx,
      written.map((o) => o.p),
    );
    for (const o of written) {
      const platform = taken.get(o.p.row.id);
      if (platform)
        failed.push({
          index: o.index,
          objectId: o.p.row.id,
          code: LcCode.DuplicateValue,
          error: `Imported without its authData.${platform} link: another user already holds that identity.`,
        });
    }
    return ids.size - taken.size;
  }
  return ids.size;
}

/** Records field types the class does not know yet; an object whose types conflict fails alone. */
async function recordTypes(
  sql: Sql,
  classes: ClassRegistry,
  className: string,
  ready: { index: number; p: PreparedObject }[],
  failed: Failure[],
): Promise<{ index: number; p: PreparedObject }[]> {
  const known = (await classes.fields(sql, className)) ?? {};
  const seen = { ...known };
  const ok = ready.filter((r) => {
    try {
      Object.assign(seen, newFieldTypes(seen, r.p.row.data, r.p.fields));
      return true;
    } catch (e) {
      failed.push(failureOf(r.index, { objectId: r.p.row.id }, e));
      return false;
    }
  });
  const add = Object.fromEntries(Object.entries(seen).filter(([k]) => !(k in known)));
  if (Object.keys(add).length > 0) await classes.addFields(sql, className, add);
  return ok;
}

async function recordSchemaFields(
  sql: Sql,
  classes: ClassRegistry,
  className: string,
  fields: Record<string, { type: FieldSchema['type']; className?: string | undefined }>,
): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  const known = (await classes.fields(sql, className)) ?? {};
  const add: ClassFields = {};
  for (const [name, f] of Object.entries(fields)) {
    if (known[name] || ['objectId', 'createdAt', 'updatedAt', 'ACL'].includes(name)) continue;
    add[name] = f.className ? { type: f.type, className: f.className } : { type: f.type };
  }
  if (Object.keys(add).length > 0) await classes.addFields(sql, className, add);
}

async function recordRelationFields(
  sql: Sql,
  classes: ClassRegistry,
  className: string,
  members: { field: string; relatedClass: string }[],
): Promise<void> {
  const known = (await classes.fields(sql, className)) ?? {};
  const add = Object.fromEntries(
    members
      .filter((m) => !known[m.field])
      .map((m) => [m.field, { type: 'Relation' as const, className: m.relatedClass }]),
  );
  if (Object.keys(add).length > 0) await classes.addFields(sql, className, add);
}
