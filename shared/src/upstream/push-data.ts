import { z } from 'zod';

/**
 * Doc 2 "Message content (data)": the members each platform reads, with their types. Members not
 * named here are custom and free. The same name has one type on every platform, except `alert`,
 * whose object form only iOS takes.
 */

const str = (name: string) => z.string({ error: `${name} must be a string` });
const num = (name: string) => z.number({ error: `${name} must be a number` });
const strings = (name: string) => z.array(z.string(), { error: `${name} must be a list of strings` });

/** Doc 2 `alert` object members (all optional). */
const alertObjectSchema = z.looseObject({
  title: str('alert.title').optional(),
  // Doc 2 says "(list)"; Apple's gateway takes a string: both are kept as sent.
  'title-loc-key': z
    .union([z.string(), z.array(z.string())], {
      error: 'alert.title-loc-key must be a string or a list of strings',
    })
    .optional(),
  'title-loc-args': strings('alert.title-loc-args').optional(),
  subtitle: str('alert.subtitle').optional(),
  'subtitle-loc-key': str('alert.subtitle-loc-key').optional(),
  'subtitle-loc-args': strings('alert.subtitle-loc-args').optional(),
  body: str('alert.body').optional(),
  'action-loc-key': str('alert.action-loc-key').optional(),
  'loc-key': str('alert.loc-key').optional(),
  'loc-args': strings('alert.loc-args').optional(),
  'launch-image': str('alert.launch-image').optional(),
  'summary-arg': str('alert.summary-arg').optional(),
  'summary-arg-count': num('alert.summary-arg-count').optional(),
});

/** A number from 0 to 1; LeanCloud's own example sends it as a string ("0.8"). */
const volume = z
  .union([z.number(), z.string().regex(/^\d*\.?\d+$/, 'sound.volume must be a number from 0 to 1')])
  .refine((v) => Number(v) >= 0 && Number(v) <= 1, {
    message: 'sound.volume must be a number from 0 to 1',
  });

const soundObjectSchema = z.looseObject({
  name: str('sound.name').optional(),
  critical: z.boolean({ error: 'sound.critical must be true or false' }).optional(),
  volume: volume.optional(),
});

/** iOS members of Doc 2's table, also valid inside `aps` (the gateway-native form). */
const apsMembers = {
  alert: z
    .union([z.string(), alertObjectSchema], { error: 'alert must be a string or an alert object' })
    .optional(),
  category: str('category').optional(),
  'thread-id': str('thread-id').optional(),
  badge: z
    .union([z.number(), z.literal('Increment')], { error: 'badge must be a number or "Increment"' })
    .optional(),
  sound: z
    .union([z.string(), soundObjectSchema], { error: 'sound must be a file name or a sound object' })
    .optional(),
  'content-available': num('content-available').optional(),
  'mutable-content': num('mutable-content').optional(),
};

/** The APNs push types of the gateway-native form; the plain form takes the first two. */
export const APNS_PUSH_TYPES = [
  'background',
  'alert',
  'voip',
  'complication',
  'fileprovider',
  'mdm',
] as const;

const iosMembers = {
  ...apsMembers,
  title: str('title').optional(),
  'collapse-id': str('collapse-id').optional(),
  'apns-priority': z
    .union([z.literal(10), z.literal(5)], { error: 'apns-priority must be 10 or 5' })
    .optional(),
  'apns-push-type': z
    .enum(APNS_PUSH_TYPES, { error: `apns-push-type must be one of ${APNS_PUSH_TYPES.join(', ')}` })
    .optional(),
  'url-args': strings('url-args').optional(),
  'target-content-id': str('target-content-id').optional(),
  aps: z.looseObject(apsMembers, { error: 'aps must be an object' }).optional(),
};

/** Doc 2 Android members (own channel and vendor channels): `alert` is a string there. */
const androidMembers = {
  alert: str('alert').optional(),
  title: str('title').optional(),
  silent: z.boolean({ error: 'silent must be true or false' }).optional(),
  action: str('action').optional(),
};

/** Doc 2 "Per-device-type overrides": object name -> the platform it overrides for. */
export const PLATFORM_OVERRIDES = [
  'ios',
  'android',
  'mi',
  'hms',
  'mz',
  'vivo',
  'oppo',
  'fcm',
  'honor',
] as const;
export type PlatformOverride = (typeof PLATFORM_OVERRIDES)[number];

const plainPushType = (v: { aps?: unknown; 'apns-push-type'?: string | undefined }, ctx: z.RefinementCtx) => {
  const t = v['apns-push-type'];
  if (v.aps === undefined && t !== undefined && t !== 'background' && t !== 'alert')
    ctx.addIssue({
      code: 'custom',
      path: ['apns-push-type'],
      message: 'apns-push-type must be "background" or "alert" (the other types need the aps form)',
    });
};

const iosOverrideSchema = z
  .looseObject(iosMembers, { error: 'ios must be an object' })
  .superRefine(plainPushType);
const androidOverride = (name: string, extra: z.ZodRawShape = {}) =>
  z.looseObject({ ...androidMembers, ...extra }, { error: `${name} must be an object` });

/**
 * `data` of POST /1.1/push and /1.1/push/devices: defaults (any platform's members) plus the
 * per-platform override objects. Whether every target gets an alert is checked per target.
 */
export const pushDataSchema = z
  .looseObject(
    {
      ...iosMembers,
      silent: androidMembers.silent,
      action: androidMembers.action,
      ios: iosOverrideSchema.optional(),
      android: androidOverride('android').optional(),
      mi: androidOverride('mi').optional(),
      hms: androidOverride('hms').optional(),
      mz: androidOverride('mz').optional(),
      vivo: androidOverride('vivo', { pushMode: num('vivo.pushMode').optional() }).optional(),
      oppo: androidOverride('oppo').optional(),
      fcm: androidOverride('fcm').optional(),
      honor: androidOverride('honor').optional(),
    },
    { error: 'data is required and must be a JSON object' },
  )
  .superRefine(plainPushType);
export type PushData = z.infer<typeof pushDataSchema>;

/** Whether some platform of `data` carries an alert (Doc 2: alert is required). */
export function dataHasAlert(data: Record<string, unknown>): boolean {
  const has = (o: unknown) =>
    typeof o === 'object' && o !== null && (o as Record<string, unknown>).alert !== undefined;
  return (
    has(data) ||
    has(data.aps) ||
    PLATFORM_OVERRIDES.some((p) => has(data[p]) || has((data[p] as { aps?: unknown } | undefined)?.aps))
  );
}
