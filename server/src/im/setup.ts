import type { Sql } from '@switchboard/shared/sql';
import type { ClassRegistry } from '../store/classes';
import { indexName, tableFor } from '../store/tables';
import { CONVERSATION_CLASS } from './kinds';

/** `_Conversation` from the start, with the field types its where clauses compare. */
export async function ensureImClasses(sql: Sql, classes: ClassRegistry): Promise<void> {
  await classes.ensure(sql, CONVERSATION_CLASS);
  await classes.addFields(sql, CONVERSATION_CLASS, {
    name: { type: 'String' },
    m: { type: 'Array' },
    mu: { type: 'Array' },
    c: { type: 'String' },
    tr: { type: 'Boolean' },
    sys: { type: 'Boolean' },
    unique: { type: 'Boolean' },
    uniqueId: { type: 'String' },
    lm: { type: 'Date' },
  });
  await sql.exec(
    `CREATE INDEX IF NOT EXISTS ${indexName(CONVERSATION_CLASS, 'unique_id')} ON ${tableFor(CONVERSATION_CLASS)} ((data->>'uniqueId')) WHERE data ? 'uniqueId'`,
  );
}
