import type { Permission } from './permissions';
import { upstreamRoutes } from './upstream-routes';
import type { Params, UpstreamRoute } from './upstream-routes';

export * from './upstream-routes';

/** What one path segment may be, per parameter name; anything else does not match. */
const PARAM_RES: Record<string, RegExp> = {
  className: /^[A-Za-z_][A-Za-z0-9_]{0,59}$/,
  objectId: /^[A-Za-z0-9]{1,64}$/,
  taskId: /^[A-Za-z0-9]{1,64}$/,
  pushId: /^[A-Za-z0-9_-]{1,64}$/,
  convId: /^[A-Za-z0-9_-]{1,64}$/,
  messageId: /^[A-Za-z0-9_+=-]{1,128}$/,
  clientId: /^[A-Za-z0-9_@.:+=-]{1,64}$/,
};

export interface UpstreamMatch {
  route: UpstreamRoute;
  params: Params;
}

/**
 * The decoded segments of an upstream path as the browser (or a batch element) wrote it, or
 * undefined for anything that could make the BFF call something other than what the allowlist
 * approved: not starting with `/`, absolute URLs and other hosts, encoded slashes or backslashes,
 * dot or empty segments, query or fragment characters, or anything outside the versioned API.
 */
export function parseUpstreamPath(raw: string): string[] | undefined {
  if (!raw.startsWith('/') || /%2f|%5c|\\/i.test(raw)) return undefined;
  const segments: string[] = [];
  for (const s of raw.split('/').slice(1)) {
    let d: string;
    try {
      d = decodeURIComponent(s);
    } catch {
      return undefined;
    }
    if (d === '' || d === '.' || d === '..' || /[\s/?#%\\]/.test(d)) return undefined;
    segments.push(d);
  }
  if (segments[0] !== '1.1' && segments[0] !== '1.2') return undefined;
  return segments;
}

// Patterns split once, grouped by method and length: matching runs on every console request.
const compiled = new Map<string, { route: UpstreamRoute; pattern: string[] }[]>();
for (const route of upstreamRoutes) {
  const pattern = route.path.split('/');
  const key = `${route.method} ${pattern.length}`;
  compiled.set(key, [...(compiled.get(key) ?? []), { route, pattern }]);
}

/** Find the allowlisted route for a method and a decoded upstream path, or undefined. */
export function matchUpstreamRoute(method: string, path: string): UpstreamMatch | undefined {
  const segments = path.split('/');
  for (const { route, pattern } of compiled.get(`${method} ${segments.length}`) ?? []) {
    const params: Params = {};
    const ok = pattern.every((p, i) => {
      const seg = segments[i] ?? '';
      if (!p.startsWith(':')) return p === seg;
      const re = PARAM_RES[p.slice(1)];
      if (!re?.test(seg)) return false;
      params[p.slice(1)] = seg;
      return true;
    });
    if (ok) return { route, params };
  }
  return undefined;
}

/** The permission a matched call needs, or 'per-element' for a batch. */
export function permissionOf(match: UpstreamMatch): Permission | 'per-element' {
  const p = match.route.permission;
  return typeof p === 'function' ? p(match.params) : p;
}
