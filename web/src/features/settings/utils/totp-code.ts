import { totpCodeSchema } from '@switchboard/shared';

/**
 * The code as typed, without the spaces or dashes authenticator apps show in the middle
 * ("123 456"); undefined unless it is then the six digits the console API takes.
 */
export function parseTotpCode(input: string): string | undefined {
  const code = input.replace(/[\s-]/g, '');
  return totpCodeSchema.safeParse(code).success ? code : undefined;
}

/** A base32 key in groups of four, easier to type into an app by hand. */
export const groupSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');
