import type { Sql } from '@switchboard/shared/sql';
import type { JobContext, JobRunner } from './runner';
import { enqueueJobs } from './store';

const RECURRING = { singletonKey: 'recurring', maxAttempts: 3 };

/**
 * A job that runs every `everyMs` on one of the server processes: one waiting instance at a time
 * (a singleton), the next enqueued in the transaction that completes or gives up the last one.
 */
export function registerRecurring(
  runner: JobRunner,
  queue: string,
  everyMs: number,
  run: (ctx: JobContext<never>) => Promise<void>,
): void {
  const enqueue = (sql: Sql, runAt: Date) =>
    enqueueJobs(sql, [{ queue, payload: {}, opts: { ...RECURRING, runAt } }], runner.later(0));
  const next = (tx: Sql) => enqueue(tx, runner.later(everyMs));
  runner.register<never>(queue, {
    handler: async (ctx) => {
      await run(ctx);
      await ctx.step(async (tx) => {
        await ctx.complete(tx);
        await next(tx);
      });
    },
    onFailed: async (tx) => void (await next(tx)),
  });
  runner.atStart((sql) => enqueue(sql, runner.later(0)));
}
