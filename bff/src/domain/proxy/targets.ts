import { isPlainObject } from '@switchboard/shared';
import type { AuditTarget, Params, UpstreamMatch } from '@switchboard/shared';

const defined = (t: Record<string, string | undefined>): AuditTarget =>
  Object.fromEntries(Object.entries(t).filter(([, v]) => v !== undefined));

/** What an upstream call touched, for the audit log. */
export function targetOf(match: UpstreamMatch, createdId?: string): AuditTarget | undefined {
  const p: Params = match.params;
  const target = defined({
    class: p.className ?? match.route.className,
    objectId: p.objectId ?? createdId,
    pushId: p.pushId,
    conversation: p.convId,
    client: p.clientId,
    message: p.messageId,
  });
  return Object.keys(target).length > 0 ? target : undefined;
}
/** The objectId an upstream create answered with, if the call was a create. */
export const createdIdOf = (method: string, result: unknown): string | undefined =>
  method === 'POST' && isPlainObject(result) && typeof result.objectId === 'string'
    ? result.objectId
    : undefined;

/** The GET path of the one object a write touches, when the route names one. */
export function objectPath(match: UpstreamMatch, objectId = match.params.objectId): string | undefined {
  const collection = match.route.collection?.(match.params);
  return collection && objectId ? `${collection}/${objectId}` : undefined;
}
