import type { Sql } from '@switchboard/shared/sql';
import { tableFor } from '../../store/tables';
import { INSTALLATION_CLASS } from '../model';

/** What the app knows of an installationId a device logs in to the own push channel with. */
export type OwnChannelStanding =
  { kind: 'android' } | { kind: 'missing' } | { kind: 'other'; deviceType: string };

/** Whether an installationId is one of the app's Android installations (the own channel's devices). */
export async function ownChannelStanding(sql: Sql, installationId: string): Promise<OwnChannelStanding> {
  const rows = await sql.query<{ device_type: string | null }>(
    `SELECT data->>'deviceType' AS device_type FROM ${tableFor(INSTALLATION_CLASS)}
      WHERE data->>'installationId' = $1 LIMIT 1`,
    [installationId],
  );
  const row = rows[0];
  if (!row) return { kind: 'missing' };
  return row.device_type === 'android'
    ? { kind: 'android' }
    : { kind: 'other', deviceType: row.device_type ?? 'unknown' };
}

/** Those of the installationIds that are still the app's Android installations. */
export async function androidInstallations(sql: Sql, installationIds: string[]): Promise<Set<string>> {
  if (installationIds.length === 0) return new Set();
  const rows = await sql.query<{ id: string }>(
    `SELECT data->>'installationId' AS id FROM ${tableFor(INSTALLATION_CLASS)}
      WHERE data->>'installationId' = ANY($1::text[]) AND data->>'deviceType' = 'android'`,
    [installationIds],
  );
  return new Set(rows.map((r) => r.id));
}
