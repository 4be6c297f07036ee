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

export const usePasswordLinkBodySchema = z
  .object({ token: z.string().min(1).max(200), password: newPasswordSchema })
  .strict();
