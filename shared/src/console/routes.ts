import { z } from 'zod';
import { appHealthResponseSchema, appsResponseSchema, capabilitiesResponseSchema } from './apps';
import { auditExportQuerySchema, auditListQuerySchema, auditListResponseSchema } from './audit';
import { defaultAclBodySchema, defaultAclResponseSchema } from './app-settings';
import {
  changeOwnPasswordBodySchema,
  changeOwnPasswordResponseSchema,
  checkPasswordLinkBodySchema,
  consoleUserResponseSchema,
  consoleUsersResponseSchema,
  createConsoleUserBodySchema,
  forceLogoutResponseSchema,
  passwordLinkStatusSchema,
  updateConsoleUserBodySchema,
  usePasswordLinkBodySchema,
} from './console-users';
import {
  migrationResponseSchema,
  migrationsResponseSchema,
  migrationUploadQuerySchema,
  startLiveMigrationBodySchema,
} from './migrations';
import {
  classExportQuerySchema,
  fileUploadQuerySchema,
  messageImageQuerySchema,
  uploadedFileSchema,
} from './transfer';
import { loginBodySchema, sessionResponseSchema, setupBodySchema, setupStatusResponseSchema } from './auth';
import { gridLayoutResponseSchema, gridLayoutSchema } from './layouts';
import type { Permission } from './permissions';
import { preferencesResponseSchema, preferencesUpdateSchema } from './preferences';
import { pushTestSendBodySchema, pushTestSendResponseSchema } from './push';
import {
  logoutAllResponseSchema,
  totpCodeBodySchema,
  totpEnrolmentResponseSchema,
  totpStatusResponseSchema,
} from './totp';
import {
  createViewBodySchema,
  listViewsQuerySchema,
  updateViewBodySchema,
  viewResponseSchema,
  viewsResponseSchema,
} from './views';

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
  /** The signed-in user's own password; their other sessions end, this one stays. */
  changeOwnPassword: route({
    method: 'PUT',
    path: '/api/session/password',
    body: changeOwnPasswordBodySchema,
    response: changeOwnPasswordResponseSchema,
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
  /** Whether a link can still be used, and the e-mail of the account it is for. */
  checkPasswordLink: route({
    method: 'POST',
    path: '/api/password-link/check',
    body: checkPasswordLinkBodySchema,
    response: passwordLinkStatusSchema,
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
  /** Whether the app answers now and how fast (one GET /1.1/date). */
  appHealth: route({
    method: 'GET',
    path: '/api/apps/:app/health',
    body: none,
    response: appHealthResponseSchema,
    access: 'authenticated',
  }),
  /** The signed-in user's own settings: language, theme, time zone. */
  getPreferences: route({
    method: 'GET',
    path: '/api/preferences',
    body: none,
    response: preferencesResponseSchema,
    access: 'authenticated',
  }),
  updatePreferences: route({
    method: 'PUT',
    path: '/api/preferences',
    body: preferencesUpdateSchema,
    response: preferencesResponseSchema,
    access: 'authenticated',
  }),
  /** Saved data-browser views of an app: the caller's own and the shared ones. */
  listViews: route({
    method: 'GET',
    path: '/api/apps/:app/views',
    body: none,
    query: listViewsQuerySchema,
    response: viewsResponseSchema,
    access: 'data.read',
  }),
  createView: route({
    method: 'POST',
    path: '/api/apps/:app/views',
    body: createViewBodySchema,
    response: viewResponseSchema,
    access: 'data.read',
  }),
  /** Only the owner or an admin may change or delete a view. */
  updateView: route({
    method: 'PUT',
    path: '/api/apps/:app/views/:id',
    body: updateViewBodySchema,
    response: viewResponseSchema,
    access: 'data.read',
  }),
  deleteView: route({
    method: 'DELETE',
    path: '/api/apps/:app/views/:id',
    body: none,
    response: empty,
    access: 'data.read',
  }),
  /** A download, not JSON: the objects of a class matching `where`, as CSV or JSON lines. */
  exportClass: route({
    method: 'GET',
    path: '/api/apps/:app/export/:className',
    body: none,
    query: classExportQuerySchema,
    response: z.string(),
    access: 'export.run',
  }),
  /** The request body is a file's content; it is stored in the app and its File value returned. */
  uploadFile: route({
    method: 'POST',
    path: '/api/apps/:app/files/upload',
    body: z.unknown(),
    query: fileUploadQuerySchema,
    response: uploadedFileSchema,
    access: 'files.write',
  }),
  /**
   * An image for a message to a conversation or chat room, uploaded as uploadFile does: whoever
   * may send there (im.moderate) may attach an image, and only an image.
   */
  uploadMessageImage: route({
    method: 'POST',
    path: '/api/apps/:app/im/images',
    body: z.unknown(),
    query: messageImageQuerySchema,
    response: uploadedFileSchema,
    access: 'im.moderate',
  }),
  /** The same for a service conversation's message, which operators send (im.broadcast). */
  uploadServiceMessageImage: route({
    method: 'POST',
    path: '/api/apps/:app/im/service-images',
    body: z.unknown(),
    query: messageImageQuerySchema,
    response: uploadedFileSchema,
    access: 'im.broadcast',
  }),
  /**
   * Takes back an image uploaded for a message that was never sent (replaced by another, or the
   * form left): only its uploader may, within a day of the upload.
   */
  withdrawMessageImage: route({
    method: 'DELETE',
    path: '/api/apps/:app/im/images/:id',
    body: none,
    response: empty,
    access: 'im.moderate',
  }),
  withdrawServiceMessageImage: route({
    method: 'DELETE',
    path: '/api/apps/:app/im/service-images/:id',
    body: none,
    response: empty,
    access: 'im.broadcast',
  }),
  /** A _File's content as a thumbnail image (./file-preview.ts); the body is the image itself. */
  filePreview: route({
    method: 'GET',
    path: '/api/apps/:app/files/:id/preview',
    body: none,
    response: z.unknown(),
    access: 'files.read',
  }),
  /** The signed-in user's grid layout of a class (columns shown, order, widths, pinned). */
  getGridLayout: route({
    method: 'GET',
    path: '/api/apps/:app/layouts/:className',
    body: none,
    response: gridLayoutResponseSchema,
    access: 'data.read',
  }),
  putGridLayout: route({
    method: 'PUT',
    path: '/api/apps/:app/layouts/:className',
    body: gridLayoutSchema,
    response: gridLayoutResponseSchema,
    access: 'data.read',
  }),
  /** The ACL the console gives the objects it creates in the app (the New object form's start). */
  getDefaultAcl: route({
    method: 'GET',
    path: '/api/apps/:app/settings/default-acl',
    body: none,
    response: defaultAclResponseSchema,
    access: 'data.read',
  }),
  putDefaultAcl: route({
    method: 'PUT',
    path: '/api/apps/:app/settings/default-acl',
    body: defaultAclBodySchema,
    response: defaultAclResponseSchema,
    access: 'schema.write',
  }),
  /** A test push to one installation by objectId; the bff resolves its device id (./push.ts). */
  pushTestSend: route({
    method: 'POST',
    path: '/api/apps/:app/push/test-send',
    body: pushTestSendBodySchema,
    response: pushTestSendResponseSchema,
    access: 'push.write',
  }),
  /** Migrations into the app (newest first): uploaded exports and live copies. */
  listMigrations: route({
    method: 'GET',
    path: '/api/apps/:app/migrations',
    body: none,
    response: migrationsResponseSchema,
    access: 'migrate.run',
  }),
  startLiveMigration: route({
    method: 'POST',
    path: '/api/apps/:app/migrations',
    body: startLiveMigrationBodySchema,
    response: migrationResponseSchema,
    access: 'migrate.run',
  }),
  /** The body is the export file itself (application/octet-stream), not JSON. */
  uploadMigration: route({
    method: 'POST',
    path: '/api/apps/:app/migrations/upload',
    body: z.unknown(),
    query: migrationUploadQuerySchema,
    response: migrationResponseSchema,
    access: 'migrate.run',
  }),
  getMigration: route({
    method: 'GET',
    path: '/api/apps/:app/migrations/:id',
    body: none,
    response: migrationResponseSchema,
    access: 'migrate.run',
  }),
  cancelMigration: route({
    method: 'POST',
    path: '/api/apps/:app/migrations/:id/cancel',
    body: none,
    response: migrationResponseSchema,
    access: 'migrate.run',
  }),
  /** Continues an interrupted or cancelled run from its checkpoints. */
  resumeMigration: route({
    method: 'POST',
    path: '/api/apps/:app/migrations/:id/resume',
    body: none,
    response: migrationResponseSchema,
    access: 'migrate.run',
  }),
  /** Deletes the kept export of an upload run that stopped before the end; it can no longer resume. */
  discardMigrationUpload: route({
    method: 'DELETE',
    path: '/api/apps/:app/migrations/:id/upload',
    body: none,
    response: migrationResponseSchema,
    access: 'migrate.run',
  }),
} as const;

/** Prefix under which the console exposes an app's upstream API: /api/apps/<app>/1.1/... */
export const upstreamPrefix = (app: string): string => `/api/apps/${encodeURIComponent(app)}`;
