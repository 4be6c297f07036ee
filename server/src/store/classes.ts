import type { FieldSchema } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { LcCode } from '@switchboard/shared';
import { ApiError, classNotFound } from '../http/errors';
import { dropClassData } from './schema-data';
import { classTableDdl } from './tables';

/** Doc 1 Limits. */
export const MAX_CLASSES = 500;
export const MAX_FIELDS = 300;

export type ClassFields = Record<string, FieldSchema>;

/**
 * How long a process trusts its copy of a class's fields. Types only grow, but column options
 * (invisible, read-only) set through another process must reach this one soon: within a second,
 * at the cost of one read per class per second on a busy class.
 */
const FRESH_MS = 1000;

/**
 * The registry of classes and the field types seen in each (what /1.1/schemas reports).
 * The in-process map only saves queries: anything it does not know is read from the database,
 * so several server processes on one Postgres agree.
 */
export class ClassRegistry {
  private readonly cache = new Map<string, ClassFields>();
  /** When each entry was read: column options (hidden, read-only) changed by another process count. */
  private readonly readAt = new Map<string, number>();

  private remember(name: string, fields: ClassFields): void {
    this.cache.set(name, fields);
    this.readAt.set(name, Date.now());
  }

  constructor(private readonly limits = { classes: MAX_CLASSES, fields: MAX_FIELDS }) {}

  async exists(sql: Sql, name: string): Promise<boolean> {
    if (this.cache.has(name)) return true;
    return (await this.load(sql, name)) !== undefined;
  }

  async fields(sql: Sql, name: string): Promise<ClassFields | undefined> {
    const hit = this.cache.get(name);
    if (hit && Date.now() - (this.readAt.get(name) ?? 0) < FRESH_MS) return hit;
    return await this.load(sql, name);
  }

  /** Creates the class and its table when missing. */
  async ensure(sql: Sql, name: string): Promise<void> {
    if (await this.exists(sql, name)) return;
    await sql.transaction(async (tx) => {
      if (await this.lockAndFind(tx, name)) return;
      await this.insertClass(tx, name, {});
    });
    await this.load(sql, name);
  }

  /** Creates the class with the given fields; refuses (400) a class that exists. */
  async create(sql: Sql, name: string, fields: ClassFields): Promise<ClassFields> {
    if (Object.keys(fields).length > this.limits.fields) throw this.tooManyFields();
    await sql.transaction(async (tx) => {
      if (await this.lockAndFind(tx, name)) {
        throw new ApiError(400, LcCode.InvalidClassName, `The class ${name} already exists.`);
      }
      await this.insertClass(tx, name, fields);
    });
    this.remember(name, fields);
    return fields;
  }

  /**
   * Rewrites a class's fields in one transaction, its registry row locked: `change` gets the
   * current fields, may write to the class's table, and returns the new fields. 404 if missing.
   */
  async edit(
    sql: Sql,
    name: string,
    change: (tx: Sql, fields: ClassFields) => Promise<ClassFields>,
  ): Promise<ClassFields> {
    try {
      const next = await sql.transaction(async (tx) => {
        const rows = await tx.query<{ fields: ClassFields }>(
          'SELECT fields FROM lc_classes WHERE name = $1 FOR UPDATE',
          [name],
        );
        if (!rows[0]) throw classNotFound();
        const fields = await change(tx, rows[0].fields);
        if (Object.keys(fields).length > this.limits.fields) throw this.tooManyFields();
        await tx.query('UPDATE lc_classes SET fields = $2::jsonb WHERE name = $1', [
          name,
          JSON.stringify(fields),
        ]);
        return fields;
      });
      this.remember(name, next);
      return next;
    } catch (e) {
      this.cache.delete(name);
      throw e;
    }
  }

  /** Deletes the class, its table and everything kept about it; false if it did not exist. */
  async drop(sql: Sql, name: string): Promise<boolean> {
    try {
      return await sql.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`lc_class:${name}`]);
        const gone = await tx.query('DELETE FROM lc_classes WHERE name = $1 RETURNING name', [name]);
        if (gone.length === 0) return false;
        await dropClassData(tx, name);
        return true;
      });
    } finally {
      this.cache.delete(name);
    }
  }

  /** Serializes creation of one class name and tells whether it exists (inside a transaction). */
  private async lockAndFind(tx: Sql, name: string): Promise<boolean> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`lc_class:${name}`]);
    return (await tx.query('SELECT 1 FROM lc_classes WHERE name = $1', [name])).length > 0;
  }

  private async insertClass(tx: Sql, name: string, fields: ClassFields): Promise<void> {
    const [count] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM lc_classes');
    if ((count?.n ?? 0) >= this.limits.classes) {
      throw new ApiError(
        400,
        LcCode.ExceededQuota,
        `An application can have at most ${this.limits.classes} classes.`,
      );
    }
    await tx.exec(classTableDdl(name));
    await tx.query('INSERT INTO lc_classes (name, fields) VALUES ($1, $2::jsonb)', [
      name,
      JSON.stringify(fields),
    ]);
  }

  private tooManyFields(): ApiError {
    return new ApiError(400, LcCode.ExceededQuota, `A class can have at most ${this.limits.fields} fields.`);
  }

  /**
   * Records field types the registry has not seen. Existing entries win, so two writers adding
   * the same field concurrently end with one type.
   */
  async addFields(sql: Sql, name: string, fields: ClassFields): Promise<ClassFields> {
    const rows = await sql.query<{ fields: ClassFields }>(
      `UPDATE lc_classes SET fields = $2::jsonb || fields
        WHERE name = $1 AND (SELECT count(*) FROM jsonb_object_keys($2::jsonb || fields)) <= $3
        RETURNING fields`,
      [name, JSON.stringify(fields), this.limits.fields],
    );
    const merged = rows[0]?.fields;
    if (!merged) {
      this.cache.delete(name);
      throw this.tooManyFields();
    }
    this.remember(name, merged);
    return merged;
  }

  async list(sql: Sql): Promise<{ name: string; fields: ClassFields }[]> {
    const rows = await sql.query<{ name: string; fields: ClassFields }>(
      'SELECT name, fields FROM lc_classes ORDER BY name',
    );
    for (const r of rows) this.remember(r.name, r.fields);
    return rows;
  }

  /** Drops cached knowledge of a class, e.g. after a query found its table missing. */
  forget(name: string): void {
    this.cache.delete(name);
  }

  forgetAll(): void {
    this.cache.clear();
  }

  private async load(sql: Sql, name: string): Promise<ClassFields | undefined> {
    const rows = await sql.query<{ fields: ClassFields }>('SELECT fields FROM lc_classes WHERE name = $1', [
      name,
    ]);
    const fields = rows[0]?.fields;
    if (fields) this.remember(name, fields);
    else this.cache.delete(name);
    return fields;
  }
}
