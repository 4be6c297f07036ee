import type { Sql } from '@switchboard/shared/sql';
import type { ClassRegistry } from '../../store/classes';
import { indexName, tableFor } from '../../store/tables';
import { RECORD_CLASS } from '../records';
import { INSTALLATION_CLASS } from '../model';

/**
 * The classes push needs from the start: _Installation with one record per device (unique
 * deviceToken and installationId, Doc 2: "unique within the application"), and _Notification, the
 * push records, with the field types their where clauses compare.
 */
export async function ensurePushClasses(sql: Sql, classes: ClassRegistry): Promise<void> {
  await classes.ensure(sql, INSTALLATION_CLASS);
  await classes.addFields(sql, INSTALLATION_CLASS, {
    deviceType: { type: 'String' },
    deviceToken: { type: 'String' },
    installationId: { type: 'String' },
    channels: { type: 'Array' },
  });
  for (const f of ['deviceToken', 'installationId'])
    await sql.exec(
      `CREATE UNIQUE INDEX IF NOT EXISTS ${indexName(INSTALLATION_CLASS, `u_${f}`)} ON ${tableFor(INSTALLATION_CLASS)} ((data->>'${f}'))`,
    );
  await classes.ensure(sql, RECORD_CLASS);
  await classes.addFields(sql, RECORD_CLASS, {
    notificationId: { type: 'String' },
    status: { type: 'String' },
    prod: { type: 'String' },
    data: { type: 'Object' },
    devices: { type: 'Number' },
    successes: { type: 'Number' },
    invalidTokens: { type: 'Number' },
    errors: { type: 'Array' },
  });
}
