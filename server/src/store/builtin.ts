import type { Sql } from '@switchboard/shared/sql';
import type { ClassFields, ClassRegistry } from './classes';
import { indexName, tableFor } from './tables';

/**
 * The built-in classes the account system writes, with the unique indexes Doc 1 promises:
 * username, e-mail and phone number of _User (case-sensitive, so plain text equality), and the
 * name of _Role. authData uniqueness lives in lc_auth_links.
 */
const UNIQUE_FIELDS: Record<string, string[]> = {
  _User: ['username', 'email', 'mobilePhoneNumber'],
  _Role: ['name'],
  // Content on disk is found by key (routes/file-content.ts): one record per key.
  _File: ['key'],
};

export const BUILTIN_TABLE_CLASSES = Object.keys(UNIQUE_FIELDS);

/** The unique index of a built-in field (guard.ts maps its violations to the field's error). */
export const uniqueIndexName = (className: string, field: string) => indexName(className, `u_${field}`);

/** Field types known before any object is written (relation queries need them from the start). */
const KNOWN_FIELDS: Record<string, ClassFields> = {
  _User: { username: { type: 'String' }, email: { type: 'String' }, mobilePhoneNumber: { type: 'String' } },
  _Role: {
    name: { type: 'String' },
    users: { type: 'Relation', className: '_User' },
    roles: { type: 'Relation', className: '_Role' },
  },
  _File: { name: { type: 'String' }, url: { type: 'String' }, mime_type: { type: 'String' } },
};

export async function ensureBuiltinClasses(sql: Sql, classes: ClassRegistry): Promise<void> {
  for (const [className, fields] of Object.entries(UNIQUE_FIELDS)) {
    await classes.ensure(sql, className);
    const known = KNOWN_FIELDS[className];
    if (known) await classes.addFields(sql, className, known);
    for (const f of fields) {
      await sql.exec(
        `CREATE UNIQUE INDEX IF NOT EXISTS ${uniqueIndexName(className, f)} ON ${tableFor(className)} ((data->>'${f}'))`,
      );
    }
  }
}
