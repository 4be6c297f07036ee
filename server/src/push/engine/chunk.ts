import type { Sql } from '@switchboard/shared/sql';
import type { JobContext, QueueOptions } from '../../jobs/runner';
import { tableFor } from '../../store/tables';
import type { DeliveryBatch, DeliveryGateway, DeliveryResult } from '../gateways/types';
import { INSTALLATION_CLASS } from '../model';
import type { Channel, Target } from '../model';
import { channelData } from '../payload/data';
import { deviceTarget, routeTarget } from '../payload/route';
import type { PayloadMemo } from '../payload/route';
import type { Tally } from '../records';
import { findChunk, findPush, insertChunk, lockPush, markChunkDone, sharePush } from '../store';
import type { ChunkRow, PushRow } from '../store';
import { loadChunkInstallations } from './audience';
import { enqueueChunk, MAX_DELIVERY_ATTEMPTS } from './deps';
import type { ChunkJob, EngineDeps } from './deps';
import { settle } from './finish';
import { deadTokens, markInvalid } from './invalid';

interface Group {
  gateway: DeliveryGateway;
  batch: DeliveryBatch;
  results: DeliveryResult[];
}

/** The address a gateway may report dead: an iOS deviceToken or a vendor registrationId. */
function gatewayAddress(t: Target): string | undefined {
  const f = t.fields;
  if (t.deviceType === 'ios') return typeof f.deviceToken === 'string' ? f.deviceToken : undefined;
  return f.vendor && typeof f.registrationId === 'string' ? f.registrationId : undefined;
}

/** The chunk's devices grouped by adapter, with the errors of the devices that cannot be sent. */
async function prepare(deps: EngineDeps, push: PushRow, chunk: ChunkRow, now: Date) {
  const req = push.request;
  const targets: Target[] =
    req.kind === 'devices'
      ? chunk.targets.map((id) => deviceTarget(id, req))
      : await loadChunkInstallations(deps.sql, chunk.push_id, chunk.seq);
  const dead = await deadTokens(
    deps.sql,
    targets.flatMap((t) => gatewayAddress(t) ?? []),
  );
  const groups = new Map<string, Group>();
  const errors: string[] = [];
  const memo: PayloadMemo = new Map();
  for (const t of targets) {
    const address = gatewayAddress(t);
    if (address !== undefined && dead.has(address)) continue;
    const r = routeTarget(t, req, { expiresAt: push.expires_at, now, memo });
    if ('error' in r) {
      errors.push(r.error);
      continue;
    }
    const key = `${r.channel}/${r.profile}`;
    let g = groups.get(key);
    if (!g) {
      const picked = deps.gateways.pick(r.channel, r.profile);
      if ('error' in picked) {
        errors.push(picked.error);
        continue;
      }
      const batch: DeliveryBatch = {
        push: {
          id: push.id,
          notificationId: req.notificationId,
          prod: req.prod,
          expiresAt: push.expires_at,
          sentAt: push.created_at,
        },
        channel: r.channel,
        profile: r.profile,
        items: [],
      };
      g = { gateway: picked.gateway, batch, results: [] };
      groups.set(key, g);
    }
    g.batch.items.push({ target: t, deviceId: r.deviceId, payload: r.payload, digest: r.digest });
  }
  return { groups: [...groups.values()], errors };
}

/** Doc 2 badge "Increment": the installations that got it keep their new badge. */
async function incrementBadges(tx: Sql, request: PushRow['request'], groups: Group[]): Promise<void> {
  const ios = channelData(request.data, 'ios');
  const aps = ios.aps as Record<string, unknown> | undefined;
  if (ios.badge !== 'Increment' && aps?.badge !== 'Increment') return;
  const ids = groups
    .filter((g) => g.batch.channel === 'ios')
    .flatMap((g) =>
      g.batch.items
        .filter((_, i) => g.results[i]?.status === 'ok')
        .map((it) => it.target.installationId ?? ''),
    )
    .filter(Boolean);
  if (ids.length === 0) return;
  await tx.query(
    `UPDATE ${tableFor(INSTALLATION_CLASS)} SET data = jsonb_set(data, '{badge}',
       to_jsonb(CASE WHEN jsonb_typeof(data->'badge') = 'number' THEN (data->>'badge')::numeric + 1 ELSE 1 END))
     WHERE id = ANY($1::text[])`,
    [ids],
  );
}

/**
 * Everything the chunk did, in the transaction that marks it done: the adapters' own records (the
 * recorder's deliveries), the counters, dead tokens, devices to retry as a new chunk. A crash
 * before this commits leaves nothing, and the chunk runs again.
 *
 * The per-device rows are written under the push's shared lock, so the chunks of one push write
 * theirs at the same time; only the counter update at the end takes the push's exclusive lock.
 */
async function commit(
  deps: EngineDeps,
  ctx: JobContext<ChunkJob>,
  tx: Sql,
  chunk: ChunkRow,
  groups: Group[],
  errors: string[],
) {
  const shared = await sharePush(tx, chunk.push_id);
  if (!shared || shared.cancelled) return;
  const { request } = shared;
  if (!(await markChunkDone(tx, chunk.push_id, chunk.seq))) return;
  const now = ctx.now();
  const tally: Required<Pick<Tally, 'successes' | 'errors'>> & Tally = {
    successes: {},
    errors,
    invalidTokens: 0,
  };
  const gone: { installationId?: string | undefined; token: string }[] = [];
  const retry: string[] = [];
  let retryAfter = 0;
  for (const g of groups) {
    await g.gateway.commit?.(tx, g.batch, g.results, { worker: deps.jobs.worker, now });
    g.batch.items.forEach((it, i) => {
      const r = g.results[i] ?? { status: 'error', message: 'the gateway gave no result for this device' };
      const channel: Channel = g.batch.channel;
      if (r.status === 'ok') tally.successes[channel] = (tally.successes[channel] ?? 0) + 1;
      else if (r.status === 'invalidToken') {
        tally.invalidTokens = (tally.invalidTokens ?? 0) + 1;
        gone.push({ installationId: it.target.installationId, token: it.deviceId });
      } else if (r.status === 'retry') {
        retry.push(it.target.key);
        retryAfter = Math.max(retryAfter, r.afterMs);
      } else if (r.status === 'error') tally.errors.push(r.message);
      // 'queued': counted when the device acknowledges it.
    });
  }
  await incrementBadges(tx, request, groups);
  await markInvalid(tx, gone, now);
  // Held since sharePush: the push still exists. From here to the commit, keep it short.
  const push = await lockPush(tx, chunk.push_id);
  if (!push) throw new Error(`push ${chunk.push_id} vanished while its chunk held it`);
  let added = 0;
  if (retry.length > 0 && chunk.attempt < MAX_DELIVERY_ATTEMPTS) {
    await insertChunk(tx, { push_id: push.id, seq: push.chunks, targets: retry, attempt: chunk.attempt + 1 });
    await enqueueChunk(
      deps,
      tx,
      { push: push.id, seq: push.chunks },
      new Date(now.getTime() + Math.max(1000, retryAfter)),
    );
    added = 1;
  } else if (retry.length > 0)
    tally.errors.push(
      `the gateway still asked to retry after ${MAX_DELIVERY_ATTEMPTS} attempts: gave up on those devices`,
    );
  await settle(tx, push, { now, tally, chunkDelta: added - 1, addedChunks: added });
}

/** push.chunk: delivers one chunk of a push through the adapters its devices route to. */
export function chunkQueue(deps: EngineDeps): QueueOptions<ChunkJob> {
  return {
    async handler(ctx) {
      const { push: id, seq } = ctx.job.payload;
      const push = await findPush(deps.sql, id);
      const chunk = push ? await findChunk(deps.sql, id, seq, push.request.kind === 'devices') : undefined;
      // A cancelled push or a chunk already done: nothing left to do.
      if (!push || !chunk || chunk.done) return;
      const now = ctx.now();
      if (push.expires_at && now >= push.expires_at) {
        // Doc 2: expired pushes stop at their expiry.
        await ctx.step(async (tx) => {
          if ((await sharePush(tx, id)) && (await markChunkDone(tx, id, seq))) {
            const locked = await lockPush(tx, id);
            if (locked) await settle(tx, locked, { now, chunkDelta: -1, expired: true });
          }
          await ctx.complete(tx);
        });
        return;
      }
      const { groups, errors } = await prepare(deps, push, chunk, now);
      for (const g of groups) {
        g.results = await g.gateway.send(g.batch, ctx.signal);
        if (g.results.length !== g.batch.items.length)
          throw new Error(
            `the ${g.gateway.kind} adapter answered ${g.results.length} results for ${g.batch.items.length} devices`,
          );
      }
      await ctx.step(async (tx) => {
        await commit(deps, ctx, tx, chunk, groups, errors);
        await ctx.complete(tx);
      });
      for (const g of groups) g.gateway.afterCommit?.(g.batch, g.results);
    },
    async onFailed(tx, job, error) {
      const { push: id, seq } = job.payload;
      if (!(await sharePush(tx, id)) || !(await markChunkDone(tx, id, seq))) return;
      const push = await lockPush(tx, id);
      if (!push) return;
      await settle(tx, push, {
        now: deps.clock.now(),
        chunkDelta: -1,
        tally: { errors: [`delivery failed: ${error}`] },
      });
    },
  };
}
