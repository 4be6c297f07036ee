import { OutboundError } from '@switchboard/outbound';
import type { GuardedClient } from '@switchboard/outbound';
import { isPlainObject, MAX_FILE_PREVIEW_BYTES } from '@switchboard/shared';
import type { PreviewImageType } from '@switchboard/shared';
import { ConsoleError, notFound } from '../errors';
import type { ProxyContext } from '../proxy/context';
import { sendUpstream } from '../upstream-call';
import { imageTypeOf } from './image-type';

/** A thumbnail is worth waiting for only so long. */
export const PREVIEW_ANSWER = { maxBytes: MAX_FILE_PREVIEW_BYTES, timeoutMs: 15_000 };

export interface PreviewClients {
  /** Files on other hosts: the console's guarded client, public addresses only by default. */
  outbound: GuardedClient;
  /**
   * Files the app's own server stores: the configured upstream, which is often on this machine
   * or network. Used only for urls under its /files/, without redirects.
   */
  upstreamFiles: GuardedClient;
}

export interface Preview {
  bytes: Buffer;
  type: PreviewImageType;
}

/** Whether `url` is content stored by the server at `baseUrl` (served under <baseUrl>/files/). */
export function onUpstream(url: URL, baseUrl: string): boolean {
  const base = new URL(baseUrl);
  return url.origin === base.origin && url.pathname.startsWith(`${base.pathname.replace(/\/+$/, '')}/files/`);
}

/**
 * The url of the app's _File record `id`, read with the console's keys. The whole record: a
 * stored file's url is computed from its key, which `keys=url` would leave out.
 */
async function urlOf(ctx: ProxyContext, id: string): Promise<URL> {
  const missing = () => notFound(`The app has no file ${id} with an address to show it from.`);
  let body: unknown;
  try {
    body = await sendUpstream(ctx.client, {
      method: 'GET',
      path: `/1.1/classes/_File/${id}`,
      query: {},
    });
  } catch (e) {
    if (e instanceof ConsoleError && e.status === 404) throw missing();
    throw e;
  }
  const url = isPlainObject(body) ? body.url : undefined;
  if (typeof url !== 'string') throw missing();
  let u: URL | undefined;
  try {
    u = new URL(url);
  } catch {
    u = undefined;
  }
  if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:'))
    throw new ConsoleError(400, 'bad_request', `The file ${id} has no web address to show it from.`);
  return u;
}

/** A fetch that gave no answer, as the console's error model says it. */
function fetchFailure(e: OutboundError): ConsoleError {
  switch (e.reason) {
    case 'refused':
      return new ConsoleError(400, 'bad_request', `The console does not fetch this file: ${e.message}.`);
    case 'too_large':
      return new ConsoleError(400, 'bad_request', `The file is too large to preview: ${e.message}.`);
    case 'timeout':
      return new ConsoleError(504, 'upstream_timeout', `The file's host is too slow: ${e.message}.`);
    default:
      return new ConsoleError(502, 'upstream_unreachable', `The file cannot be fetched: ${e.message}.`);
  }
}

/**
 * The content of the app's _File record `id` as an image: fetched from wherever its url points
 * (the app's own server, or another host through the guarded client), and answered only when its
 * bytes are a PNG, JPEG, GIF, WebP or AVIF image.
 */
export async function filePreview(ctx: ProxyContext, id: string, clients: PreviewClients): Promise<Preview> {
  const url = await urlOf(ctx, id);
  const own = onUpstream(url, ctx.app.baseUrl);
  let answer;
  try {
    answer = await (own ? clients.upstreamFiles : clients.outbound).get(url.href, {
      ...PREVIEW_ANSWER,
      ...(own ? { maxRedirects: 0 } : {}),
    });
  } catch (e) {
    if (e instanceof OutboundError) throw fetchFailure(e);
    throw e;
  }
  if (answer.status < 200 || answer.status >= 300)
    throw new ConsoleError(502, 'upstream_error', `The file's host answered HTTP ${answer.status}.`);
  const type = imageTypeOf(answer.body);
  if (!type)
    throw new ConsoleError(
      415,
      'bad_request',
      'The file is not an image the console previews (PNG, JPEG, GIF, WebP or AVIF).',
    );
  return { bytes: answer.body, type };
}
