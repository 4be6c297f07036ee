import { SUCCESS_FIELDS } from '@switchboard/shared';
import type { DeviceType, SuccessChannel, Vendor } from '@switchboard/shared';

/** The class of installations (Doc 2). */
export const INSTALLATION_CLASS = '_Installation';

/** Where a delivery goes: iOS (APNs), the own Android channel (lc), FCM or one Android vendor. */
export type Channel = SuccessChannel;

/** What the engine keeps of a push request (lc_pushes.request). */
export interface PushRequest {
  kind: 'query' | 'devices';
  /** The record's notificationId (Doc 2 notification_id, or a random one). */
  notificationId: string;
  /** `data` as sent. */
  data: Record<string, unknown>;
  /** Query pushes: the where over _Installation, channels already added. */
  where?: Record<string, unknown>;
  prod: 'dev' | 'prod';
  topic?: string;
  apnsTeamId?: string;
  /** Targets per second (at least 1000); absent: as fast as the workers go. */
  flowControl?: number;
  /** `_notificationChannel` (query) or `channel` (devices): the Android notification channel. */
  notificationChannel?: string;
  /** Device pushes: the type, vendor and profile every listed device shares. */
  deviceType?: DeviceType;
  vendor?: Vendor;
  deviceProfile?: string;
}

/** One device a chunk delivers to. */
export interface Target {
  /** lc_push_deliveries.target: the installation's objectId, or the device id of /push/devices. */
  key: string;
  /** The installation's objectId (query pushes). */
  installationId?: string;
  deviceType: DeviceType;
  /** The installation's fields (deviceToken, installationId, vendor, registrationId, deviceProfile, apnsTopic, apnsTeamId, badge). */
  fields: Record<string, unknown>;
}

/** The record's per-channel success counters, named as LeanCloud's records name them. */
export const SUCCESS_FIELD: Readonly<Record<Channel, string>> = SUCCESS_FIELDS;

/** Doc 2 installation vendor -> delivery channel. */
export const VENDOR_CHANNEL: Record<Vendor, Channel> = {
  HMS: 'hms',
  mi: 'mi',
  mz: 'mz',
  oppo: 'oppo',
  vivo: 'vivo',
  honor: 'honor',
  fcm: 'fcm',
};
