import { TargetError } from '@switchboard/migrate';
import { ConsoleError } from '../errors';

/**
 * Why a run stopped, in words for the person who started it. A source that refuses the key or
 * cannot be reached is the usual case, and the engine's raw text ("401 from the source for
 * /1.1/schemas") does not say what to do about it. Any source key is cut out of the text.
 */
export function describeFailure(
  e: unknown,
  sourceUrl: string | undefined,
  secret: string | undefined,
): string {
  const raw = e instanceof Error ? e.message : String(e);
  let message = raw;
  if (e instanceof TargetError && sourceUrl) {
    if (e.status === 401 || e.status === 403)
      message = `The source refused the master key: check the source app's App ID and Master Key (${raw}).`;
    else if (e.status === 404)
      message = `${sourceUrl} does not answer as a LeanCloud-compatible API (check the address): ${raw}`;
    else if (e.status === undefined) message = `The source at ${sourceUrl} cannot be reached: ${raw}`;
    else message = `The source failed to answer: ${raw}`;
  } else if (e instanceof ConsoleError) {
    message = `The app refused the import: ${raw}`;
  }
  return secret ? message.split(secret).join('[redacted]') : message;
}
