import type { Clock } from '../lib/clock';
import type { SettingsService } from '../services/settings';
import type { Conversations } from './conversations';
import type { ImLive } from './live';

export interface ImDeps {
  conversations: Conversations;
  clock: Clock;
  settings: SettingsService;
  masterKey: string;
  appId: string;
  /** The live connections (the realtime gateway). */
  live: ImLive;
}
