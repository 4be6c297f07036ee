import type { Sql } from '@switchboard/shared/sql';
import type { ImDeps } from '../im/deps';
import type { DeviceChannel } from './devices';
import type { Hub } from './hub';
import type { TokenStore } from './tokens';

export interface RealtimeLimits {
  /** Largest frame accepted, in bytes (larger: the connection closes with 4109 FRAME_TOO_LONG). */
  maxFrameBytes: number;
  /** Commands a connection may send a second, and at once. */
  commandsPerSecond: number;
  commandBurst: number;
}

export const DEFAULT_LIMITS: RealtimeLimits = {
  maxFrameBytes: 64 * 1024,
  commandsPerSecond: 50,
  commandBurst: 100,
};

/** What every command handler works with. */
export interface RealtimeContext {
  sql: Sql;
  /** This process among those on the database (the bus's and presence's node). */
  node: string;
  im: ImDeps;
  hub: Hub;
  tokens: TokenStore;
  /** Android devices logged in by installation (the own push channel). */
  devices: DeviceChannel;
  /** session open must carry a valid signature (LeanCloud's "client login signature" option). */
  signatureRequired: boolean;
  /**
   * Creating conversations, adding and removing members, and blacklist changes must carry a valid
   * signature (LeanCloud's "conversation operation signature" option).
   */
  conversationSignatureRequired: boolean;
  limits: RealtimeLimits;
  /** Unexpected failures (a bug or the database), for the server log. */
  log: (err: unknown) => void;
}
