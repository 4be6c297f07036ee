import { parseUpstreamPath } from '@switchboard/shared';
import { ConsoleError } from '../domain/errors';

const refuse = () => new ConsoleError(400, 'bad_request', 'This path is not allowed.');

/**
 * The decoded upstream path of a console URL /api/apps/<app>/<upstream path>; path tricks
 * (encoded slashes, dot segments, ...; see parseUpstreamPath) are refused.
 */
export function upstreamPathOf(originalUrl: string, app: string): string {
  const raw = originalUrl.split('?')[0] ?? '';
  const prefix = `/api/apps/${encodeURIComponent(app)}`;
  if (!raw.startsWith(`${prefix}/`)) throw refuse();
  const segments = parseUpstreamPath(raw.slice(prefix.length));
  if (!segments) throw refuse();
  return `/${segments.join('/')}`;
}
