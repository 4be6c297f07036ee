import { z } from 'zod';
import {
  batchRequestSchema,
  getParamsSchema,
  objectBodySchema,
  queryParamsSchema,
  writeParamsSchema,
} from '../upstream/objects';
import { createClassBodySchema, updateClassBodySchema } from '../upstream/schemas';
import { isPlainObject } from '../upstream/types';
import type { AuditTarget } from './audit';
import type { HttpMethod } from './routes';
import type { Permission } from './permissions';

export type Params = Record<string, string>;

/**
 * One upstream route the console may call through the BFF. Anything not listed is refused. Each
 * entry names the permission it needs (per app) and the schemas its input must satisfy.
 */
export interface UpstreamRoute {
  method: HttpMethod;
  /** Path pattern; `:name` matches one segment of the shape PARAM_RES gives for that name. */
  path: string;
  /** `per-element`: a batch, whose every element is checked as if it came alone. */
  permission: Permission | ((params: Params) => Permission) | 'per-element';
  query: z.ZodType;
  /** Body schema; a route without one takes no body. */
  body?: z.ZodType;
  /** Audit action for a write; reads (no action) are not audited, except as `auditedRead` says. */
  action?: string;
  /** Audit action for a read that hands out credentials (reset links, codes): it is audited. */
  auditedRead?: string;
  /** For an audited read whose target is named only by its answer: that target. */
  answerTarget?: (answer: unknown) => AuditTarget | undefined;
  /** May be an element of POST /1.1/batch. */
  batchable?: boolean;
  /**
   * For writes to one object: the collection it lives in (GET <collection>/<objectId> reads it),
   * so the audit log can keep the object before and after.
   */
  collection?: (params: Params) => string;
  /** The built-in class a route outside /1.1/classes serves (e.g. _User for /1.1/users). */
  className?: string;
  /**
   * For writes to something other than an object (a class's schema): the GET paths whose answers,
   * merged, are kept as the audit log's before and after.
   */
  snapshotPaths?: (params: Params) => string[];
  /**
   * A schema write: the keys of its body's `fields` and of its snapshots are field names, whose
   * values are type definitions, so the audit log shows them whatever the name (a field called
   * `password` holds a type, not a password).
   */
  fieldNameKeys?: boolean;
}

const noQuery = z.object({}).strict();
/** Parameters of routes whose query strings the spec leaves open (IM history, push lists). */
const stringParams = z.record(z.string(), z.string().max(10_000));
const looseBody = z.record(z.string(), z.unknown());

/** Built-in classes with a permission area of their own; other classes are "data". */
const CLASS_AREAS: Record<string, { read: Permission; write: Permission }> = {
  _User: { read: 'users.read', write: 'users.write' },
  _Role: { read: 'roles.read', write: 'roles.write' },
  _File: { read: 'files.read', write: 'files.write' },
  files: { read: 'files.read', write: 'files.write' },
  _Installation: { read: 'installations.read', write: 'data.write' },
  _Conversation: { read: 'im.read', write: 'im.moderate' },
  _Notification: { read: 'push.read', write: 'push.write' },
};

export const classPermission = (className: string, kind: 'read' | 'write'): Permission =>
  CLASS_AREAS[className]?.[kind] ?? (kind === 'read' ? 'data.read' : 'data.write');

const classRead = (p: Params) => classPermission(p.className ?? '', 'read');
const classWrite = (p: Params) => classPermission(p.className ?? '', 'write');
const fixed = (path: string) => () => path;
/** A path pattern with the call's parameters filled in. */
const filled = (pattern: string) => (p: Params) =>
  pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => p[name] ?? '');

/** Create, read, update, delete and query of one collection of objects. */
function objectRoutes(
  base: string,
  read: Permission | ((params: Params) => Permission),
  write: Permission | ((params: Params) => Permission),
  area: string,
  className?: string,
): UpstreamRoute[] {
  const one = `${base}/:objectId`;
  const collection = filled(base);
  const routes: UpstreamRoute[] = [
    { method: 'GET', path: base, permission: read, query: queryParamsSchema, batchable: true },
    { method: 'GET', path: one, permission: read, query: getParamsSchema, batchable: true },
    {
      method: 'POST',
      path: base,
      permission: write,
      query: writeParamsSchema,
      body: objectBodySchema,
      action: `${area}.create`,
      batchable: true,
      collection,
    },
    {
      method: 'PUT',
      path: one,
      permission: write,
      query: writeParamsSchema,
      body: objectBodySchema,
      action: `${area}.update`,
      batchable: true,
      collection,
    },
    {
      method: 'DELETE',
      path: one,
      permission: write,
      query: writeParamsSchema,
      action: `${area}.delete`,
      batchable: true,
      collection,
    },
  ];
  return className ? routes.map((r) => ({ ...r, className })) : routes;
}

const conversationKinds = ['conversations', 'chatrooms'] as const;
const allKinds = ['conversations', 'chatrooms', 'service-conversations'] as const;
const clientList = z.object({ client_ids: z.array(z.string().min(1)).min(1).max(500) }).strict();

/** IM moderation and reading (Doc 3), for conversations and chat rooms alike. */
const imConversationRoutes: UpstreamRoute[] = conversationKinds.flatMap((kind): UpstreamRoute[] => {
  const conv = `/1.2/rtm/${kind}/:convId`;
  return [
    { method: 'GET', path: `/1.2/rtm/${kind}`, permission: 'im.read', query: stringParams },
    { method: 'GET', path: `${conv}/members`, permission: 'im.read', query: stringParams },
    { method: 'GET', path: `${conv}/messages`, permission: 'im.read', query: stringParams },
    {
      method: 'DELETE',
      path: `${conv}/messages/:messageId`,
      permission: 'im.moderate',
      query: z.object({ from_client: z.string().min(1), timestamp: z.string().regex(/^\d+$/) }).strict(),
      action: 'im.delete_message',
    },
  ];
});

/** What every kind shares: create and delete, send, modify and recall a message. */
const imAnyKindRoutes: UpstreamRoute[] = allKinds.flatMap((kind): UpstreamRoute[] => {
  const conv = `/1.2/rtm/${kind}/:convId`;
  return [
    {
      method: 'POST',
      path: `/1.2/rtm/${kind}`,
      permission: 'im.moderate',
      query: noQuery,
      body: looseBody,
      action: 'im.create_conversation',
    },
    {
      method: 'DELETE',
      path: conv,
      permission: 'im.moderate',
      query: noQuery,
      action: 'im.delete_conversation',
    },
    {
      // Sending as any client id: a moderator's tool; to chosen subscribers it is an operator's.
      method: 'POST',
      path: `${conv}/messages`,
      permission: kind === 'service-conversations' ? 'im.broadcast' : 'im.moderate',
      query: noQuery,
      body: looseBody,
      action: 'im.send',
    },
    {
      method: 'PUT',
      path: `${conv}/messages/:messageId`,
      permission: 'im.moderate',
      query: noQuery,
      body: z
        .object({ from_client: z.string().min(1), timestamp: z.number().int(), message: z.string() })
        .strict(),
      action: 'im.modify_message',
    },
    {
      method: 'PUT',
      path: `${conv}/messages/:messageId/recall`,
      permission: 'im.moderate',
      query: noQuery,
      body: z.object({ from_client: z.string().min(1), timestamp: z.number().int() }).strict(),
      action: 'im.recall',
    },
  ];
});

/** Members of a conversation, subscribers of a service conversation, a chat room's online count. */
const imMemberRoutes: UpstreamRoute[] = [
  {
    method: 'POST',
    path: '/1.2/rtm/conversations/:convId/members',
    permission: 'im.moderate',
    query: noQuery,
    body: clientList,
    action: 'im.add_members',
  },
  {
    method: 'DELETE',
    path: '/1.2/rtm/conversations/:convId/members',
    permission: 'im.moderate',
    query: noQuery,
    body: clientList,
    action: 'im.remove_members',
  },
  {
    method: 'GET',
    path: '/1.2/rtm/chatrooms/:convId/members/online-count',
    permission: 'im.read',
    query: noQuery,
  },
  {
    method: 'GET',
    path: '/1.2/rtm/service-conversations/:convId/subscribers',
    permission: 'im.read',
    query: stringParams,
  },
  {
    method: 'GET',
    path: '/1.2/rtm/service-conversations/:convId/subscribers/count',
    permission: 'im.read',
    query: noQuery,
  },
  {
    method: 'POST',
    path: '/1.2/rtm/service-conversations/:convId/subscribers',
    permission: 'im.moderate',
    query: noQuery,
    body: z.object({ client_id: z.string().min(1) }).strict(),
    action: 'im.subscribe',
  },
  {
    method: 'DELETE',
    path: '/1.2/rtm/service-conversations/:convId/subscribers/:clientId',
    permission: 'im.moderate',
    query: noQuery,
    action: 'im.unsubscribe',
  },
  {
    method: 'GET',
    path: '/1.2/rtm/clients/:clientId/unread-count',
    permission: 'im.read',
    query: stringParams,
  },
  {
    method: 'GET',
    path: '/1.2/rtm/clients/:clientId/service-conversations',
    permission: 'im.read',
    query: stringParams,
  },
  // A service conversation's whole history (Doc 3 has it only per subscriber; the 1.1 form has it).
  { method: 'GET', path: '/1.1/rtm/messages/history', permission: 'im.read', query: stringParams },
];

/** A class's fields with their options, and its permissions: what a schema change changes. */
const schemaSnapshot = (p: Params): string[] => {
  const path = `/1.1/schemas/${p.className ?? ''}`;
  return [path, `${path}/permissions`];
};

export const upstreamRoutes: readonly UpstreamRoute[] = [
  // Doc 1: storage and accounts.
  { method: 'GET', path: '/1.1/schemas', permission: 'schema.read', query: noQuery },
  { method: 'GET', path: '/1.1/schemas/:className', permission: 'schema.read', query: noQuery },
  {
    method: 'GET',
    path: '/1.1/schemas/:className/permissions',
    permission: 'schema.read',
    query: noQuery,
  },
  // Schema writes and class counts: Switchboard's additions (a LeanCloud app answers 404).
  {
    method: 'POST',
    path: '/1.1/schemas/:className',
    permission: 'schema.write',
    query: noQuery,
    body: createClassBodySchema,
    action: 'schema.create_class',
    snapshotPaths: schemaSnapshot,
    fieldNameKeys: true,
  },
  {
    method: 'PUT',
    path: '/1.1/schemas/:className',
    permission: 'schema.write',
    query: noQuery,
    body: updateClassBodySchema,
    action: 'schema.update_class',
    snapshotPaths: schemaSnapshot,
    fieldNameKeys: true,
  },
  {
    method: 'DELETE',
    path: '/1.1/schemas/:className',
    permission: 'schema.write',
    query: noQuery,
    action: 'schema.delete_class',
  },
  { method: 'GET', path: '/1.1/switchboard/class-stats', permission: 'schema.read', query: noQuery },
  ...objectRoutes('/1.1/classes/:className', classRead, classWrite, 'object'),
  { method: 'GET', path: '/1.1/scan/classes/:className', permission: classRead, query: stringParams },
  {
    method: 'POST',
    path: '/1.1/batch',
    permission: 'per-element',
    query: noQuery,
    body: batchRequestSchema,
    action: 'batch',
  },
  ...objectRoutes('/1.1/users', 'users.read', 'users.write', 'user', '_User'),
  {
    method: 'PUT',
    path: '/1.1/users/:objectId/refreshSessionToken',
    permission: 'users.write',
    query: noQuery,
    action: 'user.refresh_session_token',
  },
  {
    method: 'POST',
    path: '/1.1/requestPasswordReset',
    permission: 'users.write',
    query: noQuery,
    body: z.object({ email: z.string().min(1) }).strict(),
    action: 'user.request_password_reset',
  },
  {
    method: 'POST',
    path: '/1.1/requestEmailVerify',
    permission: 'users.write',
    query: noQuery,
    body: z.object({ email: z.string().min(1) }).strict(),
    action: 'user.request_email_verify',
  },
  // Switchboard's outbox (a LeanCloud app answers 404). Write permission although it is a read:
  // a password reset link in it is a credential, so only those who may send one may see it.
  {
    method: 'GET',
    path: '/1.1/switchboard/outbox',
    permission: 'users.write',
    auditedRead: 'outbox.read',
    query: z
      .object({
        recipient: z.string().min(1).max(320).optional(),
        channel: z.enum(['mail', 'sms']).optional(),
        limit: z
          .string()
          .regex(/^\d{1,4}$/)
          .optional(),
      })
      .strict(),
  },
  ...objectRoutes('/1.1/roles', 'roles.read', 'roles.write', 'role', '_Role'),
  {
    method: 'GET',
    path: '/1.1/files/:objectId',
    permission: 'files.read',
    query: noQuery,
    className: '_File',
  },
  {
    method: 'POST',
    path: '/1.1/files',
    permission: 'files.write',
    query: noQuery,
    body: looseBody,
    action: 'file.create',

    className: '_File',
  },
  {
    method: 'DELETE',
    path: '/1.1/files/:objectId',
    permission: 'files.write',
    query: noQuery,
    action: 'file.delete',
    collection: fixed('/1.1/files'),

    className: '_File',
  },
  {
    method: 'POST',
    path: '/1.1/files/:objectId/censor',
    permission: 'files.write',
    query: noQuery,
    body: looseBody,
    action: 'file.censor',

    className: '_File',
  },
  {
    method: 'POST',
    path: '/1.1/exportData',
    permission: 'export.run',
    query: noQuery,
    body: looseBody,
    action: 'export.start',
  },
  { method: 'GET', path: '/1.1/exportData/:taskId', permission: 'export.run', query: noQuery },
  // Doc 2: installations and push.
  ...objectRoutes('/1.1/installations', 'installations.read', 'data.write', 'installation', '_Installation'),
  {
    method: 'POST',
    path: '/1.1/push',
    permission: 'push.write',
    query: noQuery,
    body: looseBody,
    action: 'push.send',
  },
  {
    method: 'POST',
    path: '/1.1/push/devices',
    permission: 'push.write',
    query: noQuery,
    body: looseBody,
    action: 'push.send_devices',
  },
  { method: 'GET', path: '/1.1/notifications', permission: 'push.read', query: stringParams },
  { method: 'GET', path: '/1.1/notifications/:pushId', permission: 'push.read', query: noQuery },
  {
    method: 'DELETE',
    path: '/1.1/notifications/:pushId',
    permission: 'push.write',
    query: noQuery,
    action: 'push.delete_record',
  },
  { method: 'GET', path: '/1.1/scheduledPushMessages', permission: 'push.read', query: stringParams },
  {
    method: 'DELETE',
    path: '/1.1/scheduledPushMessages/:pushId',
    permission: 'push.write',
    query: noQuery,
    action: 'push.cancel',
  },
  // Switchboard's recorder: what each device would have received (push/installation ids, paging).
  {
    method: 'GET',
    path: '/1.1/switchboard/push/deliveries',
    permission: 'push.read',
    query: z
      .object({
        push: z.string().max(64).optional(),
        installation: z.string().max(512).optional(),
        limit: z
          .string()
          .regex(/^\d{1,4}$/)
          .optional(),
        skip: z
          .string()
          .regex(/^\d{1,8}$/)
          .optional(),
      })
      .strict(),
  },
  // Switchboard's audience count for the composer: exact, or estimated from a sample first.
  {
    method: 'GET',
    path: '/1.1/switchboard/push/audience',
    permission: 'push.read',
    query: z
      .object({
        where: z.string().max(4096).optional(),
        channels: z.string().max(4096).optional(),
        estimate: z.enum(['0', '1']).optional(),
      })
      .strict(),
  },
  // Which gateways the app has configured, by name only (the overview).
  { method: 'GET', path: '/1.1/switchboard/push/gateways', permission: 'push.read', query: noQuery },
  // Doc 3: instant messaging.
  ...imConversationRoutes,
  ...imAnyKindRoutes,
  ...imMemberRoutes,
  {
    method: 'POST',
    path: '/1.2/rtm/conversations/:convId/mutes',
    permission: 'im.moderate',
    query: noQuery,
    body: z.object({ client_ids: z.array(z.string().min(1)).min(1).max(500) }).strict(),
    action: 'im.mute',
  },
  {
    method: 'DELETE',
    path: '/1.2/rtm/conversations/:convId/mutes',
    permission: 'im.moderate',
    query: noQuery,
    body: z.object({ client_ids: z.array(z.string().min(1)).min(1).max(500) }).strict(),
    action: 'im.unmute',
  },
  { method: 'GET', path: '/1.2/rtm/conversations/:convId/mutes', permission: 'im.read', query: noQuery },
  { method: 'GET', path: '/1.2/rtm/service-conversations', permission: 'im.read', query: stringParams },
  {
    method: 'POST',
    path: '/1.2/rtm/service-conversations/:convId/broadcasts',
    permission: 'im.broadcast',
    query: noQuery,
    body: looseBody,
    action: 'im.broadcast',
  },
  {
    method: 'POST',
    path: '/1.2/rtm/clients/check-online',
    permission: 'im.read',
    query: noQuery,
    body: z.object({ client_ids: z.array(z.string().min(1)).min(1).max(20) }).strict(),
  },
  {
    method: 'POST',
    path: '/1.2/rtm/clients/:clientId/kick',
    permission: 'im.moderate',
    query: noQuery,
    body: z.object({ reason: z.string().max(20).optional() }).strict(),
    action: 'im.kick',
  },
  { method: 'GET', path: '/1.2/rtm/clients/:clientId/messages', permission: 'im.read', query: stringParams },
  {
    // Doc 3 login signature for a user's session, through the app's _rtmClientSign hook when set.
    // Its input (a session token) and its answer (a signature that logs in as the user for an
    // hour) are both credentials: secrets.read only, and audited as a read that hands one out.
    method: 'GET',
    path: '/1.2/rtm/clients/sign',
    permission: 'secrets.read',
    query: z.object({ session_token: z.string().min(1).max(200) }).strict(),
    auditedRead: 'im.sign_check',
    // The session names the client; the answer says which it is.
    answerTarget: (answer) => {
      const id = isPlainObject(answer) ? answer.client_id : undefined;
      return typeof id === 'string' && id ? { client: id } : undefined;
    },
  },
  { method: 'GET', path: '/1.2/rtm/stats', permission: 'im.read', query: noQuery },
  // Switchboard's messaging overview: users and messages per day, online over the last day.
  {
    method: 'GET',
    path: '/1.1/switchboard/im/stats',
    permission: 'im.read',
    query: z
      .object({
        days: z
          .string()
          .regex(/^\d{1,2}$/)
          .optional(),
      })
      .strict(),
  },
  { method: 'GET', path: '/1.2/rtm/all-conversations', permission: 'im.read', query: stringParams },
  { method: 'GET', path: '/1.2/rtm/messages', permission: 'im.read', query: stringParams },
  { method: 'GET', path: '/1.2/rtm/broadcasts', permission: 'im.read', query: stringParams },
  {
    method: 'POST',
    path: '/1.2/rtm/broadcasts',
    permission: 'im.broadcast',
    query: noQuery,
    body: looseBody,
    action: 'im.broadcast',
  },
  {
    method: 'DELETE',
    path: '/1.2/rtm/broadcasts/:messageId',
    permission: 'im.broadcast',
    query: noQuery,
    action: 'im.delete_broadcast',
  },
];
