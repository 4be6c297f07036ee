import { z } from 'zod';
import { CONSOLE_ROLES, PERMISSIONS } from './permissions';
import { totpCodeSchema } from './totp';

export const MIN_PASSWORD_LENGTH = 12;

const email = z.email('enter a valid e-mail address').max(254);
const newPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `use at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, 'use at most 200 characters');

export const loginBodySchema = z.object({
  email,
  password: z.string().min(1, 'enter your password').max(200),
  /** Required once the user has turned on two-step sign-in (401 totp_required without it). */
  totp: totpCodeSchema.optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const setupBodySchema = z.object({
  token: z.string().min(1, 'enter the setup token printed in the terminal'),
  email,
  password: newPassword,
});
export type SetupBody = z.infer<typeof setupBodySchema>;

export const consoleUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** The console-wide role. */
  role: z.enum(CONSOLE_ROLES),
  /** Apps (by console app id) where the user has another role than the console-wide one. */
  appRoles: z.record(z.string(), z.enum(CONSOLE_ROLES)),
});
export type ConsoleUser = z.infer<typeof consoleUserSchema>;

export const sessionResponseSchema = z.object({
  user: consoleUserSchema,
  /** What the console-wide role allows. */
  permissions: z.array(z.enum(PERMISSIONS)),
  /** For each configured app, what the user may do there. */
  appPermissions: z.record(z.string(), z.array(z.enum(PERMISSIONS))),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const setupStatusResponseSchema = z.object({ needed: z.boolean() });

export { email as emailSchema, newPassword as newPasswordSchema };
