import { RtmCode, RtmError } from '../codes';
import type { Command } from '../proto/codec';

/** A sub-message of a command, as an object (absent: empty). */
export function sub(cmd: Command, name: string): Record<string, unknown> {
  const v = cmd[name];
  return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
}

export function requiredString(o: Record<string, unknown>, key: string, what: string): string {
  const v = o[key];
  if (typeof v !== 'string' || v === '' || v.length > 256)
    throw new RtmError(RtmCode.InvalidMessagingTarget, `${what} (${key}) is required.`);
  return v;
}

export function stringList(v: unknown, max: number, what: string): string[] {
  if (!Array.isArray(v)) return [];
  const out = v.filter((x): x is string => typeof x === 'string' && x.length > 0 && x.length <= 64);
  if (out.length > max) throw new RtmError(RtmCode.InvalidMessagingTarget, `At most ${max} ${what}.`);
  return out;
}

/** A JsonObjectMessage ({data: "<json object>"}) as an object. */
export function jsonObject(v: unknown, what: string): Record<string, unknown> | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const data = (v as { data?: unknown }).data;
  if (typeof data !== 'string' || data === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw new RtmError(RtmCode.InvalidMessagingTarget, `${what} is not JSON.`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new RtmError(RtmCode.InvalidMessagingTarget, `${what} must be a JSON object.`);
  return parsed as Record<string, unknown>;
}
