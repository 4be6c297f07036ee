import { SUCCESS_CHANNELS } from '@switchboard/shared';
import type { SuccessChannel } from '@switchboard/shared';

/** The record field of each channel's successes (as LeanCloud's records name them). */
const FIELD: Record<SuccessChannel, string> = {
  lc: 'lcSuccesses',
  ios: 'iosSuccesses',
  fcm: 'fcmSuccesses',
  hms: 'hmsSuccesses',
  mi: 'miSuccesses',
  mz: 'meizuSuccesses',
  oppo: 'oppoSuccesses',
  vivo: 'vivoSuccesses',
  honor: 'honorSuccesses',
};

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

/** The channels a record counted successes on, with their counts. */
export function successesByChannel(
  record: Record<string, unknown>,
): { channel: SuccessChannel; count: number }[] {
  return SUCCESS_CHANNELS.map((channel) => ({ channel, count: record[FIELD[channel]] })).filter(
    (c): c is { channel: SuccessChannel; count: number } => typeof c.count === 'number' && c.count > 0,
  );
}
