export const REDACTED = '[redacted]';
const MAX_DEPTH = 20;

/*
 * What the audit log keeps out: values of fields named as credentials, and values shaped like
 * one, whatever their field. Names are matched whole (case, "_", "-" ignored), not as substrings:
 * "key", "monkey", "pricingToken" or "tokenCount" are ordinary fields and stay readable.
 */
const SECRET_NAMES = new Set(
  [
    'password',
    'passwd',
    'newPassword',
    'oldPassword',
    'currentPassword',
    'passwordHash',
    'secret',
    'clientSecret',
    'appSecret',
    'consumerSecret',
    'secretKey',
    'totpSecret',
    'token',
    'accessToken',
    'refreshToken',
    'sessionToken',
    'idToken',
    'authToken',
    'bearerToken',
    'deviceToken',
    'apiKey',
    'apiToken',
    'apiSecret',
    'appKey',
    'masterKey',
    'privateKey',
    'authorization',
    'proxyAuthorization',
    'cookie',
    'setCookie',
    'xLcKey',
    'xLcSign',
    'xLcSession',
    'xAvoscloudMasterKey',
    'xAvoscloudSessionToken',
  ].map((n) => normalize(n)),
);

function normalize(name: string): string {
  return name.replace(/[_-]/g, '').toLowerCase();
}

/** A field name (or a dotted path, e.g. an update's "authData.weixin.access_token") of a secret. */
export const isSecretName = (key: string): boolean =>
  key.split('.').some((s) => SECRET_NAMES.has(normalize(s)));

/** Values that are credentials by their shape alone. */
const SECRET_SHAPES = [
  /^eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*$/, // a JWT
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
  /^(bearer|basic)\s+\S{8,}$/i, // an Authorization header value
  /^\S{8,},master$/, // a LeanCloud master key as X-LC-Key sends it
  /^[0-9a-f]{32},\d{10,13}(,master)?$/, // an X-LC-Sign value
  /^AKIA[0-9A-Z]{16}$/, // an AWS access key id
  /^(gh[pousr]_|github_pat_)\w{20,}$/,
  /^xox[abprs]-[\w-]{10,}$/, // Slack
  /^(sk|rk)_live_\w{10,}$/, // Stripe
];

export const isSecretValue = (text: string): boolean => SECRET_SHAPES.some((re) => re.test(text));

/**
 * Text jsonb can store: Postgres refuses NUL characters and unpaired surrogates, and a request
 * carrying them must still be recorded, so they become U+FFFD.
 */
const storable = (text: string) => text.replaceAll('\u0000', '\uFFFD').toWellFormed();

/**
 * A map whose keys are the names of a class's fields and whose values are their definitions (a
 * schema write's `fields`, a schema snapshot). A field called `password` or `apiToken` is
 * described there, not filled in: its definition is kept readable. Only its `default`, which is
 * a value every new object of the class gets, is still hidden under such a name.
 */
export class FieldDefinitions {
  constructor(readonly fields: Record<string, unknown>) {}
  toJSON(): Record<string, unknown> {
    return this.fields;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function put(out: Record<string, unknown>, key: string, value: unknown): void {
  // defineProperty: a "__proto__" key is data here, not the prototype.
  Object.defineProperty(out, storable(key), { value, enumerable: true, writable: true, configurable: true });
}

function redactDefinitions(defs: FieldDefinitions, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(defs.fields)) {
    if (!isRecord(def)) {
      put(out, name, isSecretName(name) ? REDACTED : redactSecrets(def, depth + 1));
      continue;
    }
    const shown = redactSecrets(def, depth + 1) as Record<string, unknown>;
    if (isSecretName(name) && 'default' in def) shown.default = REDACTED;
    put(out, name, shown);
  }
  return out;
}

/** A copy of value with every secret's value replaced, at any depth. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return isSecretValue(value) ? REDACTED : storable(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (value instanceof FieldDefinitions) return redactDefinitions(value, depth);
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    put(out, k, isSecretName(k) ? REDACTED : redactSecrets(v, depth + 1));
  return out;
}
