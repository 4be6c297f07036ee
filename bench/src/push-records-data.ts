import type { Sql } from '@switchboard/shared/sql';

/**
 * `count` finished push records written straight into the records class, one a second back from
 * now (the class must exist: a push through the API makes it), for the console's records list.
 */
export async function insertPushRecords(sql: Sql, count: number, page = 50_000): Promise<void> {
  for (let from = 1; from <= count; from += page) {
    await sql.query(
      `INSERT INTO "o__Notification" (id, created_at, updated_at, acl, data)
       SELECT lpad(to_hex(i), 24, '0'), now() - make_interval(secs => i), now(), '{}'::jsonb,
              jsonb_build_object('notificationId', 'n' || i, 'data', jsonb_build_object('alert', 'push ' || i),
                                 'where', '{}'::jsonb, 'prod', 'prod', 'status', 'done', 'devices', 10,
                                 'successes', 10, 'invalidTokens', 0, 'errors', '[]'::jsonb,
                                 'from-service', 'push', 'source', 'api')
         FROM generate_series($1::int, $2::int) AS i`,
      [from, Math.min(count, from + page - 1)],
    );
  }
}
