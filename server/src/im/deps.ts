import type { Clock } from '../lib/clock';
import type { SettingsService } from '../services/settings';
import type { Conversations } from './conversations';
import type { ImPush } from './offline-push';
import type { ImRateCounter } from './rate';
import type { SignHook } from './sign-hook';
import type { ImLive } from './live';

export interface ImDeps {
  conversations: Conversations;
  clock: Clock;
  settings: SettingsService;
  masterKey: string;
  appId: string;
  /** Doc 3 rate limits, counted in leases of the shared count. */
  rate: ImRateCounter;
  /** The push engine, for offline push (from-service rtm). */
  push: ImPush;
  /** Doc 3 `_rtmClientSign`, when configured. */
  signHook: SignHook | undefined;
  /** The live connections (the realtime gateway). */
  live: ImLive;
  /** Told of each stored message, which rewrites its conversation's row (lm): maintenance counts it. */
  noteSend: () => void;
}
