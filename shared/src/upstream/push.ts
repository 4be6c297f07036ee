import { z } from 'zod';
import {
  DEVICE_PROFILE_RE,
  DEVICE_TYPES,
  MAX_DEVICE_ID_LENGTH,
  PROFILE_RULE,
  VENDORS,
} from './installations';
import { pushDataSchema } from './push-data';

/** Doc 2 Limits. */
export const PUSH_BODY_LIMIT = 4096;
export const MAX_DEVICE_IDS = 500;
export const FLOW_CONTROL_MIN = 1000;
export const REQ_ID_WINDOW_MS = 5 * 60_000;
/** Doc 2: "a push_time less than 1 minute from now is sent immediately". */
export const SCHEDULE_MIN_AHEAD_MS = 60_000;

const ISO_8601_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

const isoDate = (name: string) =>
  z
    .string({ error: `${name} must be a UTC ISO 8601 date such as 2030-01-01T00:00:00.000Z` })
    .refine((s) => ISO_8601_RE.test(s) && Number.isFinite(Date.parse(s)), {
      message: `${name} must be a UTC ISO 8601 date such as 2030-01-01T00:00:00.000Z`,
    });

/** Doc 2: "at most 16 characters, letters and digits only". */
const shortId = (name: string) =>
  z
    .string({ error: `${name} must be a string` })
    .regex(/^[A-Za-z0-9]{1,16}$/, `${name} must be 1 to 16 letters and digits`);

/** Seconds; a numeric string is taken as well. Ten years at most. */
const seconds = (name: string) =>
  z
    .union([z.number(), z.string().regex(/^\d+(\.\d+)?$/, `${name} must be a number of seconds`)], {
      error: `${name} must be a number of seconds`,
    })
    .transform(Number)
    .refine((n) => Number.isFinite(n) && n > 0 && n <= 10 * 365 * 86400, {
      message: `${name} must be a positive number of seconds (at most ten years)`,
    });

const optString = (name: string) =>
  z
    .string({ error: `${name} must be a string` })
    .max(1024)
    .nullish();

/** Members both push endpoints take ("as in POST /push"). */
const common = {
  data: pushDataSchema,
  expiration_time: isoDate('expiration_time').nullish(),
  expiration_interval: seconds('expiration_interval').nullish(),
  notification_id: shortId('notification_id').nullish(),
  req_id: shortId('req_id').nullish(),
  prod: z.enum(['dev', 'prod'], { error: 'prod must be "dev" or "prod"' }).nullish(),
  topic: optString('topic'),
  apns_team_id: optString('apns_team_id'),
};

const notBoth = (v: { expiration_time?: unknown; expiration_interval?: unknown }, ctx: z.RefinementCtx) => {
  if (v.expiration_time != null && v.expiration_interval != null)
    ctx.addIssue({
      code: 'custom',
      path: ['expiration_interval'],
      message: 'give expiration_time or expiration_interval, not both',
    });
};

const refused = (message: string) =>
  z
    .unknown()
    .optional()
    .refine((v) => v === undefined, { message });

/** Doc 2 "POST /1.1/push parameters". */
export const pushParamsSchema = z
  .looseObject(
    {
      ...common,
      where: z
        .union([z.record(z.string(), z.unknown()), z.string()], { error: 'where must be a JSON object' })
        .nullish(),
      channels: z
        .array(z.string({ error: 'every channel must be a string' }).max(1024), {
          error: 'channels must be an array of strings',
        })
        .max(1000, 'channels holds at most 1000 channels')
        .nullish(),
      push_time: isoDate('push_time').nullish(),
      // "lower values count as 1000"; off when absent.
      flow_control: z
        .union(
          [
            z.number(),
            z.string().regex(/^-?\d+(\.\d+)?$/, 'flow_control must be a number of targets per second'),
          ],
          {
            error: 'flow_control must be a number of targets per second',
          },
        )
        .transform(Number)
        .refine(Number.isFinite, { message: 'flow_control must be a number of targets per second' })
        .nullish(),
      _notificationChannel: optString('_notificationChannel'),
      // The JS SDK can send CQL instead of where; ignoring it would push to every device.
      cql: refused('cql is not supported here; send the condition as where'),
    },
    { error: 'The push body must be a JSON object.' },
  )
  .superRefine(notBoth);
export type PushParams = z.infer<typeof pushParamsSchema>;

/** Doc 2 "POST /1.1/push/devices parameters". */
export const pushDevicesParamsSchema = z
  .looseObject(
    {
      ...common,
      device_type: z.enum(DEVICE_TYPES, { error: 'device_type is required and must be "android" or "ios"' }),
      device_ids: z
        .array(
          z
            .string({ error: 'every device id must be a string' })
            .min(1, 'a device id must not be empty')
            .max(MAX_DEVICE_ID_LENGTH, `a device id is at most ${MAX_DEVICE_ID_LENGTH} characters`),
          { error: 'device_ids is required and must be an array of device ids' },
        )
        .min(1, 'device_ids must name at least one device')
        .max(MAX_DEVICE_IDS, `device_ids holds at most ${MAX_DEVICE_IDS} ids`),
      device_profile: z
        .string({ error: 'device_profile must be a string' })
        .max(128)
        .regex(DEVICE_PROFILE_RE, PROFILE_RULE)
        .nullish(),
      channel: optString('channel'),
      vendor: z.enum(VENDORS, { error: `vendor must be one of ${VENDORS.join(', ')}` }).nullish(),
      push_time: refused('push_time is not a parameter of /1.1/push/devices; schedule with /1.1/push'),
      flow_control: refused('flow_control is not a parameter of /1.1/push/devices'),
    },
    { error: 'The push body must be a JSON object.' },
  )
  .superRefine(notBoth)
  .superRefine((v, ctx) => {
    if (v.device_type === 'ios' && v.vendor != null)
      ctx.addIssue({ code: 'custom', path: ['vendor'], message: 'vendor is for Android devices only' });
  });
export type PushDevicesParams = z.infer<typeof pushDevicesParamsSchema>;

/** Doc 2: "Success: {objectId, createdAt}". */
export const pushResponseSchema = z.object({ objectId: z.string(), createdAt: z.string() });

/** Doc 2 push record states. */
export const PUSH_STATUSES = ['scheduled', 'in-queue', 'running', 'done', 'expired', 'error'] as const;
export type PushStatus = (typeof PUSH_STATUSES)[number];

/** Per-channel success counters of a push record: lcSuccesses (own Android channel), iosSuccesses, ... */
export const SUCCESS_CHANNELS = ['lc', 'ios', 'fcm', 'hms', 'mi', 'mz', 'oppo', 'vivo', 'honor'] as const;
export type SuccessChannel = (typeof SUCCESS_CHANNELS)[number];

/** The record field of each channel's successes, as LeanCloud's records name them (Meizu: meizuSuccesses). */
export const SUCCESS_FIELDS: Readonly<Record<SuccessChannel, string>> = {
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

/** The channels a push record counted successes on, with their counts, in SUCCESS_CHANNELS order. */
export function successesByChannel(
  record: Record<string, unknown>,
): { channel: SuccessChannel; count: number }[] {
  return SUCCESS_CHANNELS.map((channel) => ({ channel, count: record[SUCCESS_FIELDS[channel]] })).filter(
    (c): c is { channel: SuccessChannel; count: number } => typeof c.count === 'number' && c.count > 0,
  );
}

/** A push record (GET /1.1/notifications/:id, /1.1/tables/Notifications/:objectId). */
/**
 * Where a push came from, kept on its record as `source` (Switchboard's field beside LeanCloud's
 * `from-service`, which says push or rtm only): the push API, the console (the bff, with the master
 * key, names itself in X-LC-UA), or a message's offline push.
 */
export const PUSH_SOURCES = ['api', 'console', 'rtm'] as const;
export type PushSource = (typeof PUSH_SOURCES)[number];
/** The X-LC-UA the console's bff sends, by which the server tells its pushes from the API's. */
export const CONSOLE_CLIENT = 'Switchboard-Console';

export const pushRecordSchema = z.looseObject({
  objectId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  notificationId: z.string(),
  data: z.record(z.string(), z.unknown()),
  where: z.unknown(),
  prod: z.enum(['dev', 'prod']),
  status: z.enum(PUSH_STATUSES),
  devices: z.number().int(),
  successes: z.number().int(),
  invalidTokens: z.number().int(),
  errors: z.array(z.string()),
  'from-service': z.string(),
  'push-time': z.string().optional(),
});
export type PushRecord = z.infer<typeof pushRecordSchema>;

/** Doc 2 "Scheduled push entry". */
export const scheduledPushSchema = z.object({
  id: z.number().int(),
  expire_time: z.number().int(),
  push_msg: z.looseObject({ id: z.string(), notificationId: z.string() }),
  createdAt: z.string(),
});
export const scheduledPushListSchema = z.object({ results: z.array(scheduledPushSchema) });

/** GET /1.1/switchboard/push/deliveries: what the recorder stored, by push and/or installation. */
export const deliveriesQuerySchema = z.looseObject({
  push: z.string().max(64).optional(),
  installation: z.string().max(MAX_DEVICE_ID_LENGTH).optional(),
  limit: z.coerce.number().int().min(1, 'limit is 1 to 1000').max(1000, 'limit is 1 to 1000').default(100),
  skip: z.coerce.number().int().min(0, 'skip must not be negative').max(10_000_000).default(0),
});

/**
 * GET /1.1/switchboard/push/audience: how many installations a query push would reach (those the
 * server targets: refreshed in the last three months, not marked invalid), by platform and by
 * Android delivery channel. `where` and `channels` are JSON as in the push body; `estimate=1`
 * answers from a sample of a large table (exact: false) instead of counting every row.
 */
export const audienceQuerySchema = z.looseObject({
  where: z.string().max(PUSH_BODY_LIMIT, 'where is at most 4096 characters').optional(),
  channels: z.string().max(PUSH_BODY_LIMIT, 'channels is at most 4096 characters').optional(),
  estimate: z.enum(['0', '1'], { error: 'estimate is 0 or 1' }).optional(),
});

/** Android installations by delivery channel: `own` (no vendor: LeanCloud's own channel) or a vendor. */
export const ANDROID_ROUTES = ['own', ...VENDORS] as const;
export type AndroidRoute = (typeof ANDROID_ROUTES)[number];

export const audienceSchema = z.object({
  total: z.number().int().nonnegative(),
  ios: z.number().int().nonnegative(),
  android: z.number().int().nonnegative(),
  androidRoutes: z.partialRecord(z.enum(ANDROID_ROUTES), z.number().int().nonnegative()),
  /** false: counted on a sample of the table and scaled (rounded), the exact count can differ. */
  exact: z.boolean(),
});
export type Audience = z.infer<typeof audienceSchema>;

/**
 * GET /1.1/switchboard/push/gateways: which adapter serves each configured delivery channel and
 * profile, by name only (never options or secrets). `configured: false`: no configuration file,
 * every delivery goes to the recorder.
 */
export const pushGatewaysSchema = z.object({
  configured: z.boolean(),
  channels: z.array(
    z.object({
      channel: z.string(),
      profiles: z.array(z.object({ name: z.string(), gateway: z.string() })),
    }),
  ),
});
export type PushGateways = z.infer<typeof pushGatewaysSchema>;
