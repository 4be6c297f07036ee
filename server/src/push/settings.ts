import { z } from 'zod';

/** Doc 2 Limits as app settings, changeable at runtime through /1.1/switchboard/settings. */
export const pushSettingsShape = {
  /** Push calls (POST /1.1/push and /1.1/push/devices) per minute; past it, HTTP 429 for a minute. */
  pushCallsPerMinute: z.number().int().min(1).max(9600),
  /** Push targets per day (UTC); once reached, no push that day. */
  pushDailyTargets: z.number().int().min(1).max(1e12),
  /** Scheduled pushes waiting at once. */
  scheduledPushLimit: z.number().int().min(0).max(100_000),
  /** Devices a push with the development certificate (prod "dev") may reach. */
  devPushDeviceLimit: z.number().int().min(1).max(1e9),
  /** Client push forbidden: sending a push needs the master key. */
  clientPushForbidden: z.boolean(),
};

export const DEFAULT_PUSH_SETTINGS = {
  pushCallsPerMinute: 600,
  pushDailyTargets: 1_000_000,
  scheduledPushLimit: 1000,
  devPushDeviceLimit: 20_000,
  clientPushForbidden: true,
};
