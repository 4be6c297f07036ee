import type { Sql } from '@switchboard/shared/sql';
import type { JobRunner } from '../../jobs/runner';
import type { SettingsService } from '../../services/settings';
import type { Clock } from '../../lib/clock';
import type { ClassRegistry } from '../../store/classes';
import type { GatewayDirectory } from '../gateways';

export interface EngineDeps {
  sql: Sql;
  classes: ClassRegistry;
  clock: Clock;
  jobs: JobRunner;
  gateways: GatewayDirectory;
  settings: SettingsService;
}

/** Queues of the push engine. */
export const PLAN_QUEUE = 'push.plan';
export const CHUNK_QUEUE = 'push.chunk';

export interface PlanJob {
  push: string;
}
export interface ChunkJob {
  push: string;
  seq: number;
}

/** Installations per chunk: one transaction of deliveries. */
export const CHUNK_SIZE = 1000;
/**
 * Chunks the planner adds per transaction (one audience page): planning is one transaction per
 * page, so pages of several chunks keep it ahead of the chunks being delivered.
 */
export const CHUNKS_PER_PAGE = 10;
/** Times a device the gateway asked to retry is tried in all. */
export const MAX_DELIVERY_ATTEMPTS = 5;

export function enqueueChunk(
  deps: EngineDeps,
  tx: Sql,
  job: ChunkJob,
  runAt: Date,
): Promise<string | undefined> {
  return deps.jobs.enqueue(tx, CHUNK_QUEUE, job, { runAt, groupKey: job.push, maxAttempts: 5 });
}

/** Chunk jobs `firstSeq` ... of a push in one statement, each at its time. */
export function enqueueChunks(
  deps: EngineDeps,
  tx: Sql,
  push: string,
  firstSeq: number,
  runAt: (k: number) => Date,
  count: number,
): Promise<string[]> {
  return deps.jobs.enqueueMany(
    tx,
    Array.from({ length: count }, (_, i) => ({
      queue: CHUNK_QUEUE,
      payload: { push, seq: firstSeq + i } satisfies ChunkJob,
      opts: { runAt: runAt(firstSeq + i), groupKey: push, maxAttempts: 5 },
    })),
  );
}

export function enqueuePlan(
  deps: EngineDeps,
  tx: Sql,
  push: string,
  runAt: Date,
): Promise<string | undefined> {
  return deps.jobs.enqueue(tx, PLAN_QUEUE, { push } satisfies PlanJob, {
    runAt,
    groupKey: push,
    maxAttempts: 10,
  });
}
