import { ConsoleError } from '../domain/errors';

const refuse = () => new ConsoleError(400, 'bad_request', 'This path is not allowed.');

/**
 * The upstream path of a console URL /api/apps/<app>/<upstream path>. Refuses the tricks that could
 * make the bff call something other than what the allowlist approved: encoded slashes or
 * backslashes, dot segments, empty segments, and anything outside the versioned API.
 */
export function upstreamPathOf(originalUrl: string, app: string): string {
  const raw = originalUrl.split('?')[0] ?? '';
  const prefix = `/api/apps/${encodeURIComponent(app)}`;
  if (!raw.startsWith(`${prefix}/`)) throw refuse();
  const rest = raw.slice(prefix.length);
  if (/%2f|%5c|\\/i.test(rest)) throw refuse();
  const segments = rest.split('/').slice(1);
  const decoded = segments.map((s) => {
    let d: string;
    try {
      d = decodeURIComponent(s);
    } catch {
      throw refuse();
    }
    if (d === '' || d === '.' || d === '..' || /[\s/?#]/.test(d)) throw refuse();
    return d;
  });
  if (decoded[0] !== '1.1' && decoded[0] !== '1.2') throw refuse();
  return `/${decoded.join('/')}`;
}
