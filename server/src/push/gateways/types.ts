import type { Sql } from '@switchboard/shared/sql';
import type { Channel, Target } from '../model';

/**
 * The interface every delivery adapter implements (recorder now; APNs, FCM, HMS, Xiaomi ...
 * later, one file each beside this one). The engine hands an adapter a batch of targets of one
 * channel and profile, each with its payload already in the gateway's form, and gets one result
 * per target back, in order.
 */

/** One device of a batch. */
export interface DeliveryItem {
  target: Target;
  /** The address at the gateway: APNs device token, vendor registrationId, own-channel installationId. */
  deviceId: string;
  /** The payload as the gateway takes it (payload.ts builds it per channel). */
  payload: unknown;
  /** Identifies the payload within the push (many devices share one). */
  digest: string;
}

export interface DeliveryBatch {
  push: {
    id: string;
    notificationId: string;
    /** iOS: dev selects the sandbox gateway or the development certificate. */
    prod: 'dev' | 'prod';
    expiresAt: Date | null;
    /** When the push was sent: what a device is kept goes out to it in this order. */
    sentAt: Date;
  };
  channel: Channel;
  /** The profile (certificate or vendor configuration) name: deviceProfile, or _default. */
  profile: string;
  items: DeliveryItem[];
}

/** What became of one device. */
export type DeliveryResult =
  | { status: 'ok' }
  /** The gateway says the token is dead: the installation is deleted and the token dropped from now on. */
  | { status: 'invalidToken' }
  /** Try this device again later (429, 5xx, a connection lost mid-batch). */
  | { status: 'retry'; afterMs: number }
  | { status: 'error'; message: string }
  /**
   * Handed to a channel that confirms later (the own Android channel: the device acknowledges over
   * its realtime connection); counted as a success when that confirmation arrives, not now.
   */
  | { status: 'queued' };

export interface DeliveryGateway {
  readonly kind: string;
  /**
   * Sends the batch (network adapters do their I/O here, outside any transaction). Must return
   * one result per item; should give up when `signal` aborts (the process is stopping).
   */
  send(batch: DeliveryBatch, signal: AbortSignal): Promise<DeliveryResult[]>;
  /**
   * Optional: writes what was sent inside the transaction that also records the chunk as done, so
   * a chunk that crashes before committing leaves nothing (the recorder stores deliveries here).
   */
  commit?(
    tx: Sql,
    batch: DeliveryBatch,
    results: DeliveryResult[],
    ctx: { worker: string; now: Date },
  ): Promise<void>;
  /** Optional: told once the chunk's transaction committed (the own channel then wakes the live connections). */
  afterCommit?(batch: DeliveryBatch, results: DeliveryResult[]): void;
  close?(): Promise<void>;
}

/** Where the own Android channel hands a push: the realtime gateway's device connections. */
export interface OwnChannelOutlet {
  /** Tells every process that `installations` have a message of push `pushId` waiting. */
  offer(pushId: string, installations: string[]): void;
}

/** What the server lends the adapters beside their profile. */
export interface GatewayServices {
  ownChannel?: OwnChannelOutlet | undefined;
}

/** One configured profile, as an adapter factory gets it. */
export interface ProfileSettings {
  channel: Channel;
  name: string;
  /** Non-secret options from the configuration file (topic, teamId, keyId, appId, latencyMs ...). */
  options: Readonly<Record<string, string | number | boolean>>;
  /** Secrets by option name, read from the environment variables the file names; never answered. */
  secrets: ReadonlyMap<string, string>;
}

export type GatewayFactory = (profile: ProfileSettings, services: GatewayServices) => DeliveryGateway;
