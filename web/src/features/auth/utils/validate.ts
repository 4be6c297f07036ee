import {
  loginBodySchema,
  MIN_PASSWORD_LENGTH,
  setupBodySchema,
  usePasswordLinkBodySchema,
} from '@switchboard/shared';
import type { LoginBody, SetupBody } from '@switchboard/shared';
import type { z } from 'zod';

/** A message key under auth.validation with its values; the form translates it. */
export interface FieldMessage {
  key: 'token' | 'email' | 'password' | 'passwordTooShort' | 'passwordTooLong' | 'confirm' | 'totp';
  values?: Record<string, number>;
}

export type FieldErrors<F extends string> = Partial<Record<F, FieldMessage>>;

export type Validation<F extends string, B> = { ok: true; body: B } | { ok: false; errors: FieldErrors<F> };

/**
 * The shared schema decides what is valid, so the form and the BFF agree; its English messages
 * are replaced by translated ones chosen from the field and the kind of issue.
 */
function messageFor(issue: z.core.$ZodIssue): FieldMessage | undefined {
  const field = issue.path[0];
  if (field === 'token') return { key: 'token' };
  if (field === 'email') return { key: 'email' };
  if (field === 'totp') return { key: 'totp' };
  if (field !== 'password') return undefined;
  if (issue.code === 'too_small' && Number(issue.minimum) > 1)
    return { key: 'passwordTooShort', values: { min: MIN_PASSWORD_LENGTH } };
  if (issue.code === 'too_big') return { key: 'passwordTooLong', values: { max: Number(issue.maximum) } };
  return { key: 'password' };
}

function collect<F extends string>(issues: readonly z.core.$ZodIssue[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = issue.path[0] as F;
    const message = messageFor(issue);
    if (message && errors[field] === undefined) errors[field] = message;
  }
  return errors;
}

export interface LoginValues {
  email: string;
  password: string;
  /** Asked for once the server says the account has two-step sign-in; spaces are ignored. */
  totp?: string;
}

export function validateLogin(values: LoginValues): Validation<keyof LoginValues, LoginBody> {
  const totp = values.totp?.replace(/[\s-]/g, '');
  const parsed = loginBodySchema.safeParse({
    email: values.email.trim(),
    password: values.password,
    ...(totp === undefined ? {} : { totp }),
  });
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: collect(parsed.error.issues) };
}

export interface SetupValues {
  token: string;
  email: string;
  password: string;
  confirm: string;
}

export function validateSetup(values: SetupValues): Validation<keyof SetupValues, SetupBody> {
  const parsed = setupBodySchema.safeParse({
    token: values.token.trim(),
    email: values.email.trim(),
    password: values.password,
  });
  const errors: FieldErrors<keyof SetupValues> = parsed.success ? {} : collect(parsed.error.issues);
  if (values.confirm !== values.password) errors.confirm = { key: 'confirm' };
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors };
}

export interface NewPasswordValues {
  password: string;
  confirm: string;
}

/** The password chosen through a one-time link (the token comes from the link itself). */
export function validateNewPassword(
  token: string,
  values: NewPasswordValues,
): Validation<keyof NewPasswordValues, { token: string; password: string }> {
  const parsed = usePasswordLinkBodySchema.safeParse({ token, password: values.password });
  const errors: FieldErrors<keyof NewPasswordValues> = parsed.success ? {} : collect(parsed.error.issues);
  if (values.confirm !== values.password) errors.confirm = { key: 'confirm' };
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors };
}
