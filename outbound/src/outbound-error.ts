/**
 * Why a fetch through the guarded client did not give an answer:
 * - refused: the address (or scheme, or user:password@) is one that is not fetched;
 * - too_large / timeout / redirects: a cap was reached;
 * - unreachable: the host cannot be found or does not answer.
 */
export type OutboundFailure = 'refused' | 'too_large' | 'timeout' | 'redirects' | 'unreachable';

export class OutboundError extends Error {
  override name = 'OutboundError';
  constructor(
    readonly reason: OutboundFailure,
    message: string,
  ) {
    super(message);
  }

  /** Whether asking again later may help (a host that is down or slow now). */
  get retryable(): boolean {
    return this.reason === 'timeout' || this.reason === 'unreachable';
  }
}

/** The guarded client's own error, wherever the HTTP stack wrapped it on the way out. */
export function outboundCause(e: unknown): OutboundError | undefined {
  for (let c: unknown = e, depth = 0; c && depth < 5; c = (c as { cause?: unknown }).cause, depth++)
    if (c instanceof OutboundError) return c;
  return undefined;
}
