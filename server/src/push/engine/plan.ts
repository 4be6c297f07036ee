import type { Sql } from '@switchboard/shared/sql';
import type { JobContext, QueueOptions } from '../../jobs/runner';
import { dailyLimitReached, takeDailyTargets } from '../limits';
import { insertChunks, lockPush, sharePush } from '../store';
import type { PushRow } from '../store';
import { audienceFilter, audiencePage, countIosAudience } from './audience';
import { CHUNK_SIZE, CHUNKS_PER_PAGE, enqueueChunks } from './deps';
import type { EngineDeps, PlanJob } from './deps';
import { settle } from './finish';

/** Doc 2 Notification record: "dev profile disabled for massive push" (its exact text). */
export const DEV_PROFILE_REFUSED = 'dev profile disabled for massive push';

/** When chunk `k` may run: flow_control spreads the chunks at `flow` targets per second. */
function chunkTime(push: PushRow, startedAt: Date, k: number, now: Date): Date {
  const flow = push.request.flowControl;
  if (!flow) return now;
  return new Date(Math.max(now.getTime(), startedAt.getTime() + Math.floor((k * CHUNK_SIZE * 1000) / flow)));
}

/**
 * One page of the audience in one transaction: its chunks and chunk jobs, the cursor, the record's
 * device count and today's target count commit together, so a planner that dies resumes after
 * the last page it committed and no device is planned twice. Returns whether pages remain.
 *
 * The page is read under the push's shared lock (only this job moves the cursor), so the chunks
 * committing meanwhile are not held up; the exclusive lock is taken for the short writes.
 */
async function planPage(deps: EngineDeps, ctx: JobContext<PlanJob>, tx: Sql): Promise<boolean> {
  const shared = await sharePush(tx, ctx.job.payload.push);
  if (!shared || shared.planned || shared.cancelled) {
    await ctx.complete(tx);
    return false;
  }
  const now = ctx.now();
  const settings = await deps.settings.get(tx);
  const startedAt = shared.started_at ?? now;
  const stop = async (o: Omit<Parameters<typeof settle>[2], 'now'>) => {
    const push = await lockPush(tx, shared.id);
    if (push) await settle(tx, push, { ...base(push), ...o, planned: true });
    await ctx.complete(tx);
    return false;
  };
  const base = (push: PushRow) => ({
    now,
    startedAt,
    status: push.status === 'error' ? ('error' as const) : ('running' as const),
  });
  // Doc 2: expired pushes stop at their expiry.
  if (shared.expires_at && now >= shared.expires_at) return stop({ expired: true });
  const filter = await audienceFilter(tx, deps.classes, shared.request.where, now);
  if (!filter) return stop({});
  if (!shared.started_at && shared.request.prod === 'dev') {
    // Doc 2 Limits: "development-certificate push | at most 20,000 devices per push".
    if ((await countIosAudience(tx, filter)) > settings.devPushDeviceLimit)
      return stop({ status: 'error', tally: { errors: [DEV_PROFILE_REFUSED] } });
  }
  const ids = await audiencePage(tx, filter, shared.cursor, CHUNK_SIZE * CHUNKS_PER_PAGE);
  const push = await lockPush(tx, shared.id);
  if (!push) throw new Error(`push ${shared.id} vanished while its planner held it`);
  const granted = await takeDailyTargets(tx, now, ids.length, settings.pushDailyTargets);
  const page = ids.slice(0, granted);
  const last = granted < ids.length || ids.length < CHUNK_SIZE * CHUNKS_PER_PAGE;
  const chunks: string[][] = [];
  for (let i = 0; i < page.length; i += CHUNK_SIZE) chunks.push(page.slice(i, i + CHUNK_SIZE));
  await insertChunks(tx, push.id, push.chunks, chunks);
  await enqueueChunks(
    deps,
    tx,
    push.id,
    push.chunks,
    (k) => chunkTime(push, startedAt, k, now),
    chunks.length,
  );
  await settle(tx, push, {
    ...base(push),
    tally: {
      devices: page.length,
      errors: granted < ids.length ? [dailyLimitReached(settings.pushDailyTargets)] : [],
    },
    chunkDelta: chunks.length,
    addedChunks: chunks.length,
    cursor: page.at(-1) ?? push.cursor,
    planned: last,
  });
  if (last) await ctx.complete(tx);
  return !last;
}

/** push.plan: pages through a query push's audience (keyset), one chunk job per 1000 devices. */
export function planQueue(deps: EngineDeps): QueueOptions<PlanJob> {
  return {
    async handler(ctx) {
      while (await ctx.step((tx) => planPage(deps, ctx, tx)));
    },
    async onFailed(tx, job, error) {
      const push = (await sharePush(tx, job.payload.push)) && (await lockPush(tx, job.payload.push));
      if (push && !push.planned)
        await settle(tx, push, {
          now: deps.clock.now(),
          planned: true,
          status: 'error',
          tally: { errors: [`finding the push's devices failed: ${error}`] },
        });
    },
  };
}
