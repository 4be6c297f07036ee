import type { SuccessChannel } from '@switchboard/shared';

/** The per-channel counts of a record: one definition, shared with the server. */
export { successesByChannel } from '@switchboard/shared';

export const CHANNEL_NAMES: Record<SuccessChannel, string> = {
  lc: 'Android (own channel)',
  ios: 'iOS (APNs)',
  fcm: 'FCM',
  hms: 'Huawei',
  mi: 'Xiaomi',
  mz: 'Meizu',
  oppo: 'OPPO',
  vivo: 'vivo',
  honor: 'Honor',
};
