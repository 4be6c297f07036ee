import { z } from 'zod';

/**
 * Doc 3 Limits as app settings (commercial defaults), changeable at runtime through
 * /1.1/switchboard/settings. Past a minute limit: HTTP 429 for a minute; past a daily one: for the
 * rest of the day (UTC).
 */
export const imSettingsShape = {
  /** Normal messages (send, modify, recall; messages to chosen users) per minute. */
  imMessagesPerMinute: z.number().int().min(1).max(9000),
  /** Subscription messages (service-conversation broadcasts) per minute and per day. */
  imSubscriptionPerMinute: z.number().int().min(1).max(100_000),
  imSubscriptionPerDay: z.number().int().min(1).max(10_000_000),
  /** Global broadcasts per minute and per day. */
  imBroadcastsPerMinute: z.number().int().min(1).max(100_000),
  imBroadcastsPerDay: z.number().int().min(1).max(10_000_000),
  /** History reads need client_id, nonce, signature_ts and signature. */
  imHistorySignature: z.boolean(),
};

export const DEFAULT_IM_SETTINGS = {
  imMessagesPerMinute: 1800,
  imSubscriptionPerMinute: 30,
  imSubscriptionPerDay: 1000,
  imBroadcastsPerMinute: 10,
  imBroadcastsPerDay: 30,
  imHistorySignature: false,
};
