import { z } from 'zod';

/** A code from an authenticator app (TOTP, RFC 6238): six digits, a new one every 30 seconds. */
export const totpCodeSchema = z
  .string()
  .regex(/^\d{6}$/, 'enter the 6-digit code from your authenticator app');

export const totpCodeBodySchema = z.object({ code: totpCodeSchema });
export type TotpCodeBody = z.infer<typeof totpCodeBodySchema>;

/** A new secret to add to an authenticator app; it takes effect once a code from it is confirmed. */
export const totpEnrolmentResponseSchema = z.object({
  /** Base32, for typing in by hand. */
  secret: z.string(),
  /** otpauth://totp/... URI, for a QR code. */
  uri: z.string(),
});
export type TotpEnrolmentResponse = z.infer<typeof totpEnrolmentResponseSchema>;

export const totpStatusResponseSchema = z.object({
  /** Sign-in asks for a code as well as the password. */
  totpEnabled: z.boolean(),
  /** An enrolment was started and awaits its confirming code. */
  totpPending: z.boolean(),
});
export type TotpStatusResponse = z.infer<typeof totpStatusResponseSchema>;

export const logoutAllResponseSchema = z.object({
  /** How many sessions were ended, the current one included. */
  ended: z.number().int(),
});
export type LogoutAllResponse = z.infer<typeof logoutAllResponseSchema>;
