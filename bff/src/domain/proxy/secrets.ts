import { roleHas } from '@switchboard/shared';
import type { ConsoleRole } from '@switchboard/shared';
import { REDACTED } from '../audit';

/** Fields that let their holder act as a user or reach a device: session and access tokens. */
const SECRET_FIELD = /(token|secret|password)$/i;
const MAX_DEPTH = 64;

function strip(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => strip(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SECRET_FIELD.test(k) && v !== null && v !== undefined ? REDACTED : strip(v, depth + 1);
  }
  return out;
}

/**
 * What a role may see of an upstream answer: everything for roles with `secrets.read`; for the
 * others (viewer, operator, support) the tokens in authData, installations and the like are
 * replaced with "[redacted]".
 */
export function visibleTo(role: ConsoleRole, body: unknown): unknown {
  return roleHas(role, 'secrets.read') ? body : strip(body, 0);
}
