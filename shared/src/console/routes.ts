import { z } from 'zod';
import { appsResponseSchema, capabilitiesResponseSchema } from './apps';
import { auditExportQuerySchema, auditListQuerySchema, auditListResponseSchema } from './audit';
import {
  consoleUserResponseSchema,
  consoleUsersResponseSchema,
  createConsoleUserBodySchema,
  forceLogoutResponseSchema,
  updateConsoleUserBodySchema,
  usePasswordLinkBodySchema,
} from './console-users';
import { loginBodySchema, sessionResponseSchema, setupBodySchema, setupStatusResponseSchema } from './auth';
import type { Permission } from './permissions';
import {
  logoutAllResponseSchema,
  totpCodeBodySchema,
  totpEnrolmentResponseSchema,
  totpStatusResponseSchema,
} from './totp';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call a route: anyone, any signed-in console user, or holders of one permission. */
export type Access = 'public' | 'authenticated' | Permission;

export interface RouteDef<B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  path: string;
  body: B;
  /** Query-string parameters, for routes that take any. */
  query?: z.ZodType;
  response: R;
  access: Access;
}

function route<B extends z.ZodType, R extends z.ZodType>(def: RouteDef<B, R>): RouteDef<B, R> {
  return def;
}

const none = z.object({}).strict();
const empty = z.object({});

/** The BFF's own endpoints. Upstream routes are in ./upstream. */
export const consoleRoutes = {
  setupStatus: route({
    method: 'GET',
    path: '/api/setup',
    body: none,
    response: setupStatusResponseSchema,
    access: 'public',
  }),
  setup: route({
    method: 'POST',
    path: '/api/setup',
    body: setupBodySchema,
    response: sessionResponseSchema,
    access: 'public',
  }),
  getSession: route({
    method: 'GET',
    path: '/api/session',
    body: none,
    response: sessionResponseSchema,
    access: 'authenticated',
  }),
  login: route({
    method: 'POST',
    path: '/api/session',
    body: loginBodySchema,
    response: sessionResponseSchema,
    access: 'public',
  }),
  logout: route({ method: 'DELETE', path: '/api/session', body: none, response: empty, access: 'public' }),
  /** Ends every session of the signed-in user, this one included. */
  logoutAll: route({
    method: 'DELETE',
    path: '/api/session/all',
    body: none,
    response: logoutAllResponseSchema,
    access: 'authenticated',
  }),
  totpStatus: route({
    method: 'GET',
    path: '/api/session/totp',
    body: none,
    response: totpStatusResponseSchema,
    access: 'authenticated',
  }),
  /** Starts two-step sign-in enrolment with a new secret (replacing any unconfirmed one). */
  startTotp: route({
    method: 'POST',
    path: '/api/session/totp',
    body: none,
    response: totpEnrolmentResponseSchema,
    access: 'authenticated',
  }),
  confirmTotp: route({
    method: 'POST',
    path: '/api/session/totp/confirm',
    body: totpCodeBodySchema,
    response: totpStatusResponseSchema,
    access: 'authenticated',
  }),
  disableTotp: route({
    method: 'DELETE',
    path: '/api/session/totp',
    body: totpCodeBodySchema,
    response: totpStatusResponseSchema,
    access: 'authenticated',
  }),
  listApps: route({
    method: 'GET',
    path: '/api/apps',
    body: none,
    response: appsResponseSchema,
    access: 'authenticated',
  }),
  appCapabilities: route({
    method: 'GET',
    path: '/api/apps/:app/capabilities',
    body: none,
    response: capabilitiesResponseSchema,
    access: 'authenticated',
  }),
  listConsoleUsers: route({
    method: 'GET',
    path: '/api/console-users',
    body: none,
    response: consoleUsersResponseSchema,
    access: 'console_users.manage',
  }),
  createConsoleUser: route({
    method: 'POST',
    path: '/api/console-users',
    body: createConsoleUserBodySchema,
    response: consoleUserResponseSchema,
    access: 'console_users.manage',
  }),
  updateConsoleUser: route({
    method: 'PUT',
    path: '/api/console-users/:id',
    body: updateConsoleUserBodySchema,
    response: consoleUserResponseSchema,
    access: 'console_users.manage',
  }),
  resetConsoleUserPassword: route({
    method: 'POST',
    path: '/api/console-users/:id/password-reset',
    body: none,
    response: consoleUserResponseSchema,
    access: 'console_users.manage',
  }),
  endConsoleUserSessions: route({
    method: 'DELETE',
    path: '/api/console-users/:id/sessions',
    body: none,
    response: forceLogoutResponseSchema,
    access: 'console_users.manage',
  }),
  resetConsoleUserTotp: route({
    method: 'DELETE',
    path: '/api/console-users/:id/totp',
    body: none,
    response: consoleUserResponseSchema,
    access: 'console_users.manage',
  }),
  /** Following an invitation or a password reset link: choose a password, and be signed in. */
  usePasswordLink: route({
    method: 'POST',
    path: '/api/password-link',
    body: usePasswordLinkBodySchema,
    response: sessionResponseSchema,
    access: 'public',
  }),
  listAudit: route({
    method: 'GET',
    path: '/api/audit',
    body: none,
    query: auditListQuerySchema,
    response: auditListResponseSchema,
    access: 'audit.read',
  }),
  /** A download, not JSON: CSV with a header row, or one JSON entry per line. */
  exportAudit: route({
    method: 'GET',
    path: '/api/audit/export',
    body: none,
    query: auditExportQuerySchema,
    response: z.string(),
    access: 'audit.read',
  }),
} as const;

/** Prefix under which the console exposes an app's upstream API: /api/apps/<app>/1.1/... */
export const upstreamPrefix = (app: string): string => `/api/apps/${encodeURIComponent(app)}`;
