import { fieldTypeOf } from '@switchboard/shared';
import type { Server } from '../app';
import { newObjectId } from '../lib/ids';
import type { ClassFields } from '../store/classes';
import { insertObject } from '../store/objects';
import type { ObjectRow } from '../store/objects';
import { applyRelationChanges } from '../store/relations';
import { setPasswordHash } from '../store/users';
import { hashPassword } from '../services/users/passwords';
import { userDefaultAcl } from '../services/users/profile';
import { demoCatalog, demoRelations } from './catalog';
import type { DemoObject } from './catalog';

const PUBLIC_READ = { '*': { read: true } } as const;

/** The password of every demo user. */
export const DEMO_PASSWORD = 'switchboard-demo';

/**
 * Loads a small shop (products, stores, reviews, users, roles, file records) that uses every
 * encoded type of Doc 1, so a newcomer has something real to browse. Does nothing when the
 * demo classes already exist. Rows are written through the store, as an import would.
 */
export async function seedDemoData(server: Server): Promise<boolean> {
  const { classes, clock, sql } = server;
  if (await classes.exists(sql, 'Product')) return false;
  const catalog = demoCatalog(() => newObjectId(clock.now()), clock.now());
  await sql.transaction(async (tx) => {
    for (const [className, objects] of Object.entries(catalog)) {
      await classes.ensure(tx, className);
      const fields: ClassFields = {};
      for (const obj of objects) {
        for (const [k, v] of Object.entries(obj.data)) {
          const t = fieldTypeOf(v);
          if (t && !fields[k]) fields[k] = t;
        }
      }
      await classes.addFields(tx, className, fields);
      for (const obj of objects) await insertObject(tx, className, toRow(className, obj));
    }
    // Every demo user logs in with the same documented password (README).
    const hash = await hashPassword(DEMO_PASSWORD);
    for (const user of catalog._User ?? []) await setPasswordHash(tx, user.id, hash);
    for (const r of demoRelations(catalog)) {
      await applyRelationChanges(tx, r.ownerClass, r.ownerId, [
        { field: r.field, className: r.targetClass, add: r.targetIds, remove: [], clear: false },
      ]);
    }
  });
  return true;
}

function toRow(className: string, obj: DemoObject): ObjectRow {
  return {
    id: obj.id,
    created_at: obj.createdAt,
    updated_at: obj.createdAt,
    acl: obj.acl ?? (className === '_User' ? userDefaultAcl(obj.id) : PUBLIC_READ),
    data: obj.data,
  };
}
