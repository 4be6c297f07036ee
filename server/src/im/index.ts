import { migrate } from '@switchboard/shared/sql';
import type { Sql } from '@switchboard/shared/sql';
import type { ApiRouter } from '../http/router';
import type { Clock } from '../lib/clock';
import type { ObjectApiDeps } from '../services/object-api';
import type { WriteService } from '../services/objects';
import type { SettingsService } from '../services/settings';
import type { ClassRegistry } from '../store/classes';
import { clientBlacklistRoutes } from './client-blacklist-routes';
import { clientRoutes } from './client-routes';
import { conversationRoutes } from './conversation-routes';
import { Conversations } from './conversations';
import type { ImDeps } from './deps';
import { globalRoutes } from './global-routes';
import { CONVERSATION_CLASS } from './kinds';
import { IM_TABLES, imMigrations } from './migrations';
import { NO_LIVE } from './live';
import type { ImLive } from './live';
import { roomRoutes } from './room-routes';
import { serviceRoutes } from './service-routes';
import { OnlineSampler } from './online-samples';
import { DailyStats } from './stats';
import { statsRoutes } from './stats-routes';
import { ensureImClasses } from './setup';
import { v11Routes } from './v11-routes';
import type { ImPush } from './offline-push';
import { ImRateCounter } from './rate';
import { SignHook } from './sign-hook';
import type { SignHookConfig } from './sign-hook';
import type { ClassApi } from '../services/class-api';
import { registerRecurring } from '../jobs/recurring';
import type { JobRunner } from '../jobs';
import { sweepExpiredTemporary, TEMP_SWEEP_EVERY_MS } from './temp-sweep';

export interface ImAreaDeps {
  sql: Sql;
  classes: ClassRegistry;
  clock: Clock;
  settings: SettingsService;
  accounts: ObjectApiDeps & { writes: WriteService };
  appId: string;
  masterKey: string;
  /** The push area's sender, for offline push. */
  push: ImPush;
  signHook?: SignHookConfig | undefined;
  live?: ImLive;
  /** The job runner: expired temporary conversations are swept by a recurring job. */
  jobs: JobRunner;
  /** Where the online sampler reports a failed sample. */
  onError?: (err: unknown) => void;
}

export interface ImArea {
  /** What the IM rules need, for the realtime gateway that reuses them. */
  deps: ImDeps;
  /** `_Conversation` for /1.1/classes/_Conversation (the SDK's AV.Conversation#save). */
  conversations: ClassApi;
  routes(router: ApiRouter): void;
  afterReset(tx: Sql): Promise<void>;
  close(): Promise<void>;
}

/** Doc 3: the instant-messaging REST interface. */
export async function createImArea(d: ImAreaDeps): Promise<ImArea> {
  await migrate(d.sql, 'lc_im_migrations', imMigrations);
  await ensureImClasses(d.sql, d.classes);
  const conversations = new Conversations(d.accounts);
  const deps: ImDeps = {
    conversations,
    clock: d.clock,
    settings: d.settings,
    masterKey: d.masterKey,
    appId: d.appId,
    rate: new ImRateCounter(),
    push: d.push,
    signHook: d.signHook ? new SignHook(d.signHook, d.appId) : undefined,
    live: d.live ?? NO_LIVE,
    noteSend: () => d.accounts.writes.onWrite(CONVERSATION_CLASS, 1),
  };
  registerRecurring(d.jobs, 'im.temp-sweep', TEMP_SWEEP_EVERY_MS, async () => {
    await sweepExpiredTemporary(d.sql, d.clock.now());
  });
  const daily = new DailyStats();
  const sampler = new OnlineSampler(d.sql, deps.live, d.clock, d.onError ?? (() => undefined));
  sampler.start();
  return {
    deps,
    conversations: conversations.api,
    routes(router) {
      conversationRoutes(router, deps);
      roomRoutes(router, deps);
      serviceRoutes(router, deps);
      clientRoutes(router, deps);
      clientBlacklistRoutes(router, deps);
      globalRoutes(router, deps);
      statsRoutes(router, deps, daily);
      v11Routes(router, deps);
    },
    async afterReset(tx) {
      await tx.exec(IM_TABLES.map((t) => `DELETE FROM ${t};`).join(' '));
      deps.rate.clear();
      daily.clear();
      await ensureImClasses(tx, d.classes);
    },
    close: async () => {
      await sampler.stop();
      await deps.signHook?.close();
    },
  };
}
