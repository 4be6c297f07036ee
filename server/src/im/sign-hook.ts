import { GuardedClient, OutboundError, addressPolicy } from '@switchboard/outbound';
import { isPlainObject, LcCode } from '@switchboard/shared';
import { ApiError } from '../http/errors';
import type { ObjectRow } from '../store/objects';

/** Where the `_rtmClientSign` hook is (Doc 3 Clients: the login signature can be vetoed by it). */
export interface SignHookConfig {
  /** The address POSTed to, e.g. a LeanEngine app's https://.../1.1/functions/_rtmClientSign. */
  url: string;
  /** Sent as X-LC-Hook-Key, which LeanEngine checks for hook functions (its LEANCLOUD_APP_HOOK_KEY). */
  hookKey?: string | undefined;
  /** Loopback and private addresses too (a hook on the same machine or network). */
  allowPrivate: boolean;
}

const TIMEOUT_MS = 5_000;
const MAX_ANSWER_BYTES = 64 * 1024;

/** Doc 3: the user fields the hook gets, as LeanCloud sent them. */
export function hookUserFields(user: ObjectRow, sessionToken: string): Record<string, unknown> {
  const d = user.data;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    email: str(d.email),
    sessionToken,
    updatedAt: user.updated_at.toISOString(),
    phone: str(d.mobilePhoneNumber),
    objectId: user.id,
    username: str(d.username),
    createdAt: user.created_at.toISOString(),
    emailVerified: d.emailVerified === true,
    mobilePhoneVerified: d.mobilePhoneVerified === true,
  };
}

/** The hook's verdict: `{result: true}` or `{result: false, error}`, bare or as LeanEngine wraps a function's value. */
function verdict(body: unknown): { allow: true } | { allow: false; error: string } | undefined {
  if (!isPlainObject(body)) return undefined;
  const inner = isPlainObject(body.result) && 'result' in body.result ? body.result : body;
  if (inner.result === true) return { allow: true };
  if (inner.result === false)
    return {
      allow: false,
      error: typeof inner.error === 'string' ? inner.error : 'refused by _rtmClientSign',
    };
  return undefined;
}

/**
 * Calls `_rtmClientSign` with the user's fields through the guarded outbound client (the address
 * policy at connect time, a 5 s deadline, a 64 KB answer). A refusal is a 403 with the hook's
 * error; a hook that cannot be reached or answers something else refuses too (502): signing
 * without the veto the app configured would let through whom it meant to stop.
 */
export class SignHook {
  private readonly client: GuardedClient;

  constructor(
    private readonly config: SignHookConfig,
    private readonly appId: string,
  ) {
    this.client = new GuardedClient(
      addressPolicy(config.allowPrivate, {
        who: 'the _rtmClientSign hook',
        allow: 'LC_HOOKS_ALLOW_PRIVATE=1',
      }),
    );
  }

  async check(fields: Record<string, unknown>): Promise<void> {
    const failed = (why: string) =>
      new ApiError(502, LcCode.Internal, `The _rtmClientSign hook did not answer: ${why}.`);
    let answer;
    try {
      answer = await this.client.post(this.config.url, JSON.stringify(fields), {
        headers: {
          'Content-Type': 'application/json',
          'X-LC-Id': this.appId,
          ...(this.config.hookKey ? { 'X-LC-Hook-Key': this.config.hookKey } : {}),
        },
        maxBytes: MAX_ANSWER_BYTES,
        timeoutMs: TIMEOUT_MS,
      });
    } catch (e) {
      if (e instanceof OutboundError) throw failed(e.message);
      throw e;
    }
    let body: unknown;
    try {
      body = JSON.parse(answer.body.toString('utf8'));
    } catch {
      body = undefined;
    }
    const v = answer.status >= 200 && answer.status < 300 ? verdict(body) : undefined;
    if (!v)
      throw failed(
        `it answered HTTP ${answer.status}, not {"result": true} or {"result": false, "error": "..."}`,
      );
    if (!v.allow) throw new ApiError(403, LcCode.Forbidden, v.error);
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
