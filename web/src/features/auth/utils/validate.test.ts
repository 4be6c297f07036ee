import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_LENGTH } from '@switchboard/shared';
import { validateLogin, validateSetup } from './validate';

const goodPassword = 'correct horse battery';

describe('validateLogin', () => {
  it('accepts an e-mail and a password, trimming the e-mail', () => {
    expect(validateLogin({ email: ' admin@example.com ', password: 'pw' })).toEqual({
      ok: true,
      body: { email: 'admin@example.com', password: 'pw' },
    });
  });

  it('names each field that is wrong', () => {
    expect(validateLogin({ email: 'nope', password: '' })).toEqual({
      ok: false,
      errors: { email: { key: 'email' }, password: { key: 'password' } },
    });
  });

  it('takes a two-step code when asked, ignoring the spaces apps show', () => {
    expect(validateLogin({ email: 'a@example.com', password: 'pw', totp: ' 123 456' })).toEqual({
      ok: true,
      body: { email: 'a@example.com', password: 'pw', totp: '123456' },
    });
    expect(validateLogin({ email: 'a@example.com', password: 'pw', totp: '' })).toEqual({
      ok: false,
      errors: { totp: { key: 'totp' } },
    });
  });
});

describe('validateSetup', () => {
  const good = { token: 'tok', email: 'admin@example.com', password: goodPassword, confirm: goodPassword };

  it('accepts a complete form', () => {
    expect(validateSetup(good)).toEqual({
      ok: true,
      body: { token: 'tok', email: 'admin@example.com', password: goodPassword },
    });
  });

  it('asks for the token and a long enough password', () => {
    const result = validateSetup({ ...good, token: ' ', password: 'short', confirm: 'short' });
    expect(result).toEqual({
      ok: false,
      errors: {
        token: { key: 'token' },
        password: { key: 'passwordTooShort', values: { min: MIN_PASSWORD_LENGTH } },
      },
    });
  });

  it('refuses a confirmation that differs', () => {
    expect(validateSetup({ ...good, confirm: `${goodPassword}!` })).toEqual({
      ok: false,
      errors: { confirm: { key: 'confirm' } },
    });
  });

  it('refuses an overlong password', () => {
    const long = 'x'.repeat(201);
    expect(validateSetup({ ...good, password: long, confirm: long })).toEqual({
      ok: false,
      errors: { password: { key: 'passwordTooLong', values: { max: 200 } } },
    });
  });
});
