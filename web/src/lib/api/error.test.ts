import { describe, expect, it } from 'vitest';
import { codeForStatus, ConsoleApiError, isRetryable, toConsoleApiError } from './error';

describe('codeForStatus', () => {
  it.each([
    [400, 'bad_request'],
    [401, 'unauthenticated'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [409, 'conflict'],
    [418, 'bad_request'],
    [429, 'rate_limited'],
    [500, 'internal'],
    [502, 'upstream_unreachable'],
    [504, 'upstream_timeout'],
  ] as const)('maps %i to %s', (status, code) => {
    expect(codeForStatus(status)).toBe(code);
  });
});

describe('toConsoleApiError', () => {
  it('keeps a ConsoleApiError as it is', () => {
    const error = new ConsoleApiError({ code: 'conflict', message: 'taken', status: 409 });
    expect(toConsoleApiError(error)).toBe(error);
  });

  it('wraps anything else as internal with its message', () => {
    expect(toConsoleApiError(new Error('boom'))).toMatchObject({
      code: 'internal',
      message: 'boom',
      status: 0,
    });
    expect(toConsoleApiError('text')).toMatchObject({ code: 'internal', message: 'text' });
  });
});

describe('isRetryable', () => {
  it('retries network failures and 5xx only', () => {
    expect(isRetryable(new ConsoleApiError({ code: 'network_error', message: '', status: 0 }))).toBe(true);
    expect(isRetryable(new ConsoleApiError({ code: 'upstream_timeout', message: '', status: 504 }))).toBe(
      true,
    );
    expect(isRetryable(new ConsoleApiError({ code: 'forbidden', message: '', status: 403 }))).toBe(false);
    expect(isRetryable(new ConsoleApiError({ code: 'bad_response', message: '', status: 200 }))).toBe(false);
    expect(isRetryable(new Error('x'))).toBe(false);
  });
});
