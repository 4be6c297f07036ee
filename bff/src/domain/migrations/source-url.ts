import { isIP } from 'node:net';
import { OutboundError } from '@switchboard/outbound';
import type { GuardedClient } from '@switchboard/outbound';
import { ConsoleError } from '../errors';

const refuse = (message: string) =>
  new ConsoleError(400, 'validation_failed', message, [{ path: 'sourceUrl', message }]);

/**
 * Refuses (400) a source URL the console will not fetch, before a run starts, so the form says
 * why at once: another scheme than http(s), a user:password@ (the source is reached with its
 * keys; a password in the address would be stored and shown), or a host that is, or resolves to,
 * an address the guarded client refuses. The client checks again on every connection, so a name
 * that points elsewhere later is caught there.
 */
export async function checkSourceUrl(url: string, outbound: GuardedClient): Promise<void> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw refuse(
      `"${url}" is not an address; give the source API address, e.g. https://abcd1234.lc-cn-n1-shared.com`,
    );
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw refuse(`The source address must start with http:// or https://, not ${u.protocol}//.`);
  if (u.username || u.password)
    throw refuse(
      'The source address must not hold a user name or password (user:password@); the source is reached with its App ID and Master Key.',
    );
  try {
    // URL parsing already turned 2852039166 or 0xa9.0xfe.0xa9.0xfe into 169.254.169.254.
    await outbound.check(u.href);
  } catch (e) {
    if (!(e instanceof OutboundError)) throw e;
    if (e.reason === 'unreachable')
      throw refuse(`The source host ${u.hostname} cannot be found; check the address.`);
    const what = isIP(u.hostname.replace(/^\[|\]$/g, '')) ? 'address' : 'host';
    throw refuse(`The source ${what} ${e.message}.`);
  }
}

/** An address as it may be shown: without any user:password@ (kept by runs started before). */
export const withoutCredentials = (text: string): string =>
  text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#]*@/gi, '$1');
