import type { Dispatcher } from 'undici';
import { addressPolicy } from './address-policy';
import type { AddressPolicy, PolicyWords } from './address-policy';
import { guardedAgent, systemResolve, vetHost } from './guarded-agent';
import type { Resolve } from './guarded-agent';
import { OutboundError, outboundCause } from './outbound-error';

export interface GetOptions {
  headers?: Record<string, string>;
  /** The most body bytes taken; a longer answer fails as too_large without being read further. */
  maxBytes: number;
  /** The whole exchange, redirects and body included, must end within this. */
  timeoutMs: number;
  maxRedirects?: number;
  /** The caller's own stop (a cancelled run): rejects with its reason. */
  signal?: AbortSignal;
}

export interface OutboundAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
  /** Where the answer came from, after redirects. */
  url: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** http(s) only, and no user:password@ (never sent anywhere, and never shown back). */
function parseTarget(raw: string, base?: URL): URL {
  let u: URL;
  try {
    u = new URL(raw, base);
  } catch {
    throw new OutboundError('refused', `"${raw}" is not an address`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new OutboundError(
      'refused',
      `${u.protocol}// addresses are not fetched, only http:// and https://`,
    );
  if (u.username || u.password)
    throw new OutboundError(
      'refused',
      `addresses with a user name or password (user:password@) are not fetched`,
    );
  return u;
}

/** Lets go of a body not wanted (undici reports the abort as an error nobody needs to hear). */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}

const mb = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;

async function readCapped(res: Dispatcher.ResponseData, max: number, origin: string): Promise<Buffer> {
  const tooLarge = () => new OutboundError('too_large', `${origin} answered more than ${mb(max)}`);
  if (Number(res.headers['content-length']) > max) {
    discard(res.body);
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let seen = 0;
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    seen += chunk.length;
    if (seen > max) {
      discard(res.body);
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function toHeaders(raw: Dispatcher.ResponseData['headers']): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(raw)) for (const one of [v ?? []].flat()) h.append(k, one);
  return h;
}

/**
 * Whether the caller's headers (keys, signatures) may follow a redirect: to the same origin, or
 * from http to https on the same host (which had the headers in the clear already). Anywhere else
 * they were not meant for.
 */
export const sameParty = (from: URL, to: URL) =>
  to.origin === from.origin ||
  (from.protocol === 'http:' && to.protocol === 'https:' && to.host === from.hostname);

interface Call extends GetOptions {
  timeout: AbortSignal;
  /** The caller's signal and the deadline together. */
  signal: AbortSignal;
  /** The caller's own signal. */
  stop: AbortSignal | undefined;
}

/** A refusal met after redirects says so: the address asked was not the one refused. */
function afterRedirects<T>(hops: number, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (hops === 0 || !(e instanceof OutboundError)) throw e;
    throw new OutboundError(e.reason, `after ${hops} redirect${hops > 1 ? 's' : ''}, ${e.message}`);
  }
}

/** What a failed request becomes: the client's own refusal, the deadline, or an unreachable host. */
function failure(e: unknown, current: URL, call: Call): OutboundError {
  const own = outboundCause(e);
  if (own) return own;
  if (call.timeout.aborted)
    return new OutboundError(
      'timeout',
      `${current.origin} gave no complete answer within ${call.timeoutMs / 1000} s`,
    );
  const code = (e as { code?: string }).code;
  return new OutboundError('unreachable', `cannot reach ${current.origin} (${code ?? (e as Error).message})`);
}

/**
 * The one client for every fetch made on someone else's word: the console's for its users (a live
 * copy's source, the old file URLs of a migration, file previews), and pnpm migrate's for the file
 * URLs an export or a source app names. Only http(s);
 * every connection, redirects included, goes where the address policy allows, checked at connect
 * time; redirects are followed by hand, at most `maxRedirects`, and the caller's headers (keys,
 * signatures) never go to another origin; the body and the time are capped.
 */
export class GuardedClient {
  private readonly agent: Dispatcher;

  constructor(
    private readonly policy: AddressPolicy,
    private readonly resolve: Resolve = systemResolve,
  ) {
    this.agent = guardedAgent(policy, resolve);
  }

  /** Public addresses, and private ones when allowed; refusals in the console's words by default. */
  static forSetting(allowPrivate: boolean, words?: PolicyWords): GuardedClient {
    return new GuardedClient(addressPolicy(allowPrivate, words));
  }

  /**
   * Refuses (OutboundError) an address the client would not fetch, without fetching it: for a
   * form to answer at once. Where the name points may change before the fetch, which checks again.
   */
  async check(url: string): Promise<URL> {
    const u = parseTarget(url);
    await vetHost(u.hostname, this.policy, this.resolve);
    return u;
  }

  async get(url: string, opts: GetOptions): Promise<OutboundAnswer> {
    const timeout = AbortSignal.timeout(opts.timeoutMs);
    const call: Call = {
      ...opts,
      timeout,
      signal: opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout,
      stop: opts.signal,
    };
    const maxRedirects = opts.maxRedirects ?? 5;
    let current = parseTarget(url);
    let headers = opts.headers ?? {};
    for (let hop = 0; ; hop++) {
      const step = await this.step(current, headers, call, hop);
      if ('answer' in step) return step.answer;
      if (hop >= maxRedirects)
        throw new OutboundError('redirects', `${current.origin} redirected more than ${maxRedirects} times`);
      const target = afterRedirects(hop + 1, () => parseTarget(step.location, current));
      if (!sameParty(current, target)) headers = {};
      current = target;
    }
  }

  /**
   * One POST of `body` (a webhook to an address the operator configured): no redirect is
   * followed, a 3XX is the answer. The same policy, caps and deadline as get().
   */
  async post(url: string, body: string, opts: GetOptions): Promise<OutboundAnswer> {
    const timeout = AbortSignal.timeout(opts.timeoutMs);
    const call: Call = {
      ...opts,
      timeout,
      signal: opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout,
      stop: opts.signal,
    };
    const step = await this.step(parseTarget(url), opts.headers ?? {}, call, 0, body);
    if ('answer' in step) return step.answer;
    // step() answers a POST's 3XX as it is: no location is ever returned for one.
    throw new OutboundError('redirects', `${url} redirected a POST, which is not followed`);
  }

  /** One request: the answer, or where it redirects to (GET only; a POST carries `body`). */
  private async step(
    current: URL,
    headers: Record<string, string>,
    call: Call,
    hop: number,
    payload?: string,
  ): Promise<{ answer: OutboundAnswer } | { location: string }> {
    try {
      const res = await this.agent.request({
        origin: current.origin,
        path: `${current.pathname}${current.search}`,
        method: payload === undefined ? 'GET' : 'POST',
        headers,
        signal: call.signal,
        ...(payload === undefined ? {} : { body: payload }),
      });
      const raw = res.headers.location;
      const location = typeof raw === 'string' ? raw : raw?.[0];
      if (payload === undefined && REDIRECTS.has(res.statusCode) && location) {
        discard(res.body);
        return { location };
      }
      const body = await readCapped(res, call.maxBytes, current.origin);
      return { answer: { status: res.statusCode, headers: toHeaders(res.headers), body, url: current.href } };
    } catch (e) {
      call.stop?.throwIfAborted();
      return afterRedirects(hop, () => {
        throw failure(e, current, call);
      });
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
