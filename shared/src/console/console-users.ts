import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './auth';
import { CONSOLE_ROLES } from './permissions';

const role = z.enum(CONSOLE_ROLES);
const appRoles = z.record(
  z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'name an app by its console id'),
  role,
);

/** A console user as admins see them (never a password hash or TOTP secret). */
export const consoleUserRecordSchema = z.object({
  id: z.string(),
  email: z.string(),
  role,
  appRoles,
  disabled: z.boolean(),
  /** Invited and not yet signed up: no password chosen. */
  invited: z.boolean(),
  totpEnabled: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type ConsoleUserRecord = z.infer<typeof consoleUserRecordSchema>;

export const consoleUsersResponseSchema = z.object({ users: z.array(consoleUserRecordSchema) });

export const createConsoleUserBodySchema = z
  .object({
    email: emailSchema,
    role,
    appRoles: appRoles.optional(),
    /** Without a password the user is invited: the answer carries a one-time link to choose one. */
    password: newPasswordSchema.optional(),
  })
  .strict();
export type CreateConsoleUserBody = z.infer<typeof createConsoleUserBodySchema>;

export const updateConsoleUserBodySchema = z
  .object({ role: role.optional(), appRoles: appRoles.optional(), disabled: z.boolean().optional() })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'change at least one of role, appRoles, disabled');
export type UpdateConsoleUserBody = z.infer<typeof updateConsoleUserBodySchema>;

/** A one-time link to choose a password; its token is shown once and stored only as a hash. */
export const passwordLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type PasswordLink = z.infer<typeof passwordLinkSchema>;

export const consoleUserResponseSchema = z.object({
  user: consoleUserRecordSchema,
  link: passwordLinkSchema.optional(),
});

export const forceLogoutResponseSchema = z.object({ ended: z.number().int() });

const linkToken = z.string().min(1).max(200);

export const usePasswordLinkBodySchema = z.object({ token: linkToken, password: newPasswordSchema }).strict();

/** Asked before the person types a password: is the link still good, and whose account is it? */
export const checkPasswordLinkBodySchema = z.object({ token: linkToken }).strict();

/** Only the e-mail the link was sent to, never anything else about the account. */
export const passwordLinkStatusSchema = z.discriminatedUnion('valid', [
  z.object({
    valid: z.literal(true),
    email: z.string(),
    purpose: z.enum(['invite', 'reset']),
    expiresAt: z.string(),
  }),
  z.object({ valid: z.literal(false) }),
]);
export type PasswordLinkStatus = z.infer<typeof passwordLinkStatusSchema>;

/** The signed-in console user changes their own password; the current one proves it is them. */
export const changeOwnPasswordBodySchema = z
  .object({
    currentPassword: z.string().min(1, 'enter your current password').max(200),
    newPassword: newPasswordSchema,
  })
  .strict();
export type ChangeOwnPasswordBody = z.infer<typeof changeOwnPasswordBodySchema>;

/** How many of the person's other sessions (other browsers) were signed out. */
export const changeOwnPasswordResponseSchema = z.object({ endedSessions: z.number().int() });
