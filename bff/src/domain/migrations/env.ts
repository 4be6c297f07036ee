import type { GuardedClient } from '@switchboard/outbound';

/**
 * What a run needs from the console besides the request: where uploads are kept, and the client
 * every fetch from a source or an old file host goes through (it decides where they may go).
 */
export interface MigrationEnv {
  uploads: string;
  outbound: GuardedClient;
}
