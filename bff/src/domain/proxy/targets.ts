import type { AuditTarget, Params, UpstreamMatch } from '@switchboard/shared';

/** Built-in classes that have routes of their own outside /1.1/classes. */
const COLLECTION_CLASSES: Record<string, string> = {
  users: '_User',
  roles: '_Role',
  installations: '_Installation',
  files: '_File',
};

const defined = (t: Record<string, string | undefined>): AuditTarget =>
  Object.fromEntries(Object.entries(t).filter(([, v]) => v !== undefined));

/** What an upstream call touched, for the audit log. */
export function targetOf(match: UpstreamMatch, createdId?: string): AuditTarget | undefined {
  const p: Params = match.params;
  const segment = match.route.path.split('/')[2] ?? '';
  const target = defined({
    class: p.className ?? COLLECTION_CLASSES[segment],
    objectId: p.objectId ?? createdId,
    pushId: p.pushId,
    conversation: p.convId,
    client: p.clientId,
    message: p.messageId,
  });
  return Object.keys(target).length > 0 ? target : undefined;
}
/** The GET path of the one object a write touches, when the route names one. */
export function objectPath(match: UpstreamMatch, objectId = match.params.objectId): string | undefined {
  const collection = match.route.collection?.(match.params);
  return collection && objectId ? `${collection}/${objectId}` : undefined;
}
