import { FLOW_CONTROL_MIN } from '@switchboard/shared';
import type { FieldProblem } from './composer';
import { zonedTimeToUtc } from './schedule';

/** Delivery options of a push, as the form holds them. */
export interface DeliveryOptions {
  /** Android notification channel (Doc 2 `_notificationChannel`); '' for the app's default. */
  notificationChannel: string;
  expiry: 'none' | 'after' | 'at';
  /** Hours after sending (Doc 2 expiration_interval). */
  expiryHours: string;
  /** A wall-clock date and time in the schedule's time zone (Doc 2 expiration_time). */
  expiryDate: string;
  expiryTime: string;
  /** Devices per second (Doc 2 flow_control); '' for no limit. */
  flowControl: string;
}

export const noOptions = (): DeliveryOptions => ({
  notificationChannel: '',
  expiry: 'none',
  expiryHours: '',
  expiryDate: '',
  expiryTime: '',
  flowControl: '',
});

/** The push parameters the options add, or the reasons they cannot be sent as they are. */
export function optionParams(
  o: DeliveryOptions,
  timeZone: string,
): { params: Record<string, unknown>; problems: FieldProblem[] } {
  const params: Record<string, unknown> = {};
  const problems: FieldProblem[] = [];
  const channel = o.notificationChannel.trim();
  if (channel) params._notificationChannel = channel;
  if (o.expiry === 'after') {
    const hours = Number(o.expiryHours);
    if (o.expiryHours.trim() === '' || !Number.isFinite(hours) || hours <= 0 || hours > 24 * 365)
      problems.push({ field: 'expiry', message: 'Expire after a number of hours from 0 to 8760.' });
    else params.expiration_interval = Math.max(1, Math.round(hours * 3600));
  }
  if (o.expiry === 'at') {
    const at = zonedTimeToUtc(o.expiryDate, o.expiryTime, timeZone);
    if (!at) problems.push({ field: 'expiry', message: 'Enter the date and time the push expires.' });
    else params.expiration_time = at.toISOString();
  }
  const flow = o.flowControl.trim();
  if (flow !== '') {
    const n = Number(flow);
    if (!/^\d+$/.test(flow) || n < FLOW_CONTROL_MIN)
      problems.push({
        field: 'flowControl',
        message: `Flow control is a whole number of devices per second, at least ${FLOW_CONTROL_MIN}.`,
      });
    else params.flow_control = n;
  }
  return { params, problems };
}
