import type { FuzzRequest } from './common';
import type { RawReply } from './send';

// What the fuzz tests require of every reply (Doc 1's error conventions), and of batch replies.

/** What is wrong with a reply, or undefined when it meets Doc 1's error conventions. */
export function problemOf(reply: RawReply): string | undefined {
  if (reply.status >= 500) return `HTTP ${reply.status}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(reply.text);
  } catch {
    return `HTTP ${reply.status} with a body that is not JSON`;
  }
  if (reply.status >= 400) {
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return `HTTP ${reply.status} with a body that is not a JSON object`;
    const { code, error } = parsed as Record<string, unknown>;
    if (typeof code !== 'number' || !Number.isInteger(code))
      return `HTTP ${reply.status} without an integer code`;
    if (typeof error !== 'string' || error === '') return `HTTP ${reply.status} without a non-empty error`;
  }
  return undefined;
}

/** A reply's error with names and values blanked, so one bug groups as one entry. */
export function signature(text: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  const { code, error } = (typeof body === 'object' && body ? body : { error: String(body) }) as Record<
    string,
    unknown
  >;
  const message = typeof error === 'string' ? error : JSON.stringify(body);
  return `${String(code)} ${message.replace(/'[^']*'|"[^"]*"|\/\S*|\d+/g, '…').slice(0, 120)}`;
}

/**
 * A 200 batch reply is an array of `{success}` or `{error: {code, error}}`; an element that
 * failed with the internal error is the batch form of a 500.
 */
export function batchElementProblem(reply: RawReply): string | undefined {
  if (reply.status !== 200) return undefined;
  const body = JSON.parse(reply.text) as unknown;
  if (!Array.isArray(body)) return 'batch reply is not an array';
  for (const [i, el] of body.entries()) {
    const e = el as { success?: unknown; error?: { code?: unknown; error?: unknown } } | null;
    if (e && 'success' in e) continue;
    const err = e?.error;
    if (!err || !Number.isInteger(err.code) || typeof err.error !== 'string' || err.error === '')
      return `batch element ${i} has neither success nor {code, error}`;
    if (err.error === 'Internal server error.') return `batch element ${i} failed with an internal error`;
  }
  return undefined;
}

/** A further rule for one kind of request; returns what is wrong, if anything. */
export type ExtraCheck = (reply: RawReply, req: FuzzRequest) => string | undefined;
