type Where = Record<string, unknown>;

/**
 * A record's where in words for the common shapes the console sends (channels, device type);
 * anything else is shown as the JSON it is.
 */
export function audienceText(where: unknown, everyone: string): string {
  if (where === null || where === undefined) return everyone;
  if (typeof where !== 'object' || Array.isArray(where)) return JSON.stringify(where);
  const w = where as Where;
  const parts: string[] = [];
  const rest: Where = {};
  for (const [k, v] of Object.entries(w)) {
    const inList = v && typeof v === 'object' ? (v as Where).$in : undefined;
    if (k === 'channels' && Array.isArray(inList)) parts.push(`#${inList.map(String).join(', #')}`);
    else if (k === 'deviceType' && typeof v === 'string') parts.push(v === 'ios' ? 'iOS' : 'Android');
    else rest[k] = v;
  }
  if (Object.keys(rest).length > 0) parts.push(JSON.stringify(rest));
  return parts.length > 0 ? parts.join(' · ') : everyone;
}

/** Channel names of a where the console wrote ({channels: {$in: [...]}}), if that is its shape. */
export function whereChannels(where: unknown): string[] | undefined {
  if (!where || typeof where !== 'object') return undefined;
  const c = (where as Where).channels;
  const list = c && typeof c === 'object' ? (c as Where).$in : undefined;
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : undefined;
}
