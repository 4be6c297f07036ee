import { describe, expect, it } from 'vitest';
import { ConsoleApiError } from '../../../lib/api';
import { fieldProblem } from './field-problem';
import {
  customFields,
  deleteConfirmation,
  linkedAccounts,
  previewValue,
  unlinkBody,
  verification,
} from './user-fields';
import type { UserRecord } from './user-fields';

const user: UserRecord = {
  objectId: 'u1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  username: 'alice',
  email: 'alice@example.com',
  emailVerified: true,
  nickname: 'ALICE',
  age: 30,
  authData: {
    weixin: { openid: 'wx-1', access_token: 'secret' },
    anonymous: { id: 'anon-1' },
    github: null,
  },
};

describe('user fields', () => {
  it('tells verified, not verified and not checked apart', () => {
    expect(verification(true)).toBe('verified');
    expect(verification(false)).toBe('unverified');
    expect(verification(null)).toBe('unknown');
    expect(verification(undefined)).toBe('unknown');
  });

  it('lists custom fields alone, by name', () => {
    expect(customFields(user)).toEqual([
      ['age', 30],
      ['nickname', 'ALICE'],
    ]);
  });

  it('lists linked platforms with their account id and never a token', () => {
    expect(linkedAccounts(user)).toEqual([
      { platform: 'anonymous', accountId: 'anon-1' },
      { platform: 'weixin', accountId: 'wx-1' },
    ]);
    expect(linkedAccounts({ ...user, authData: undefined })).toEqual([]);
  });

  it('unlinks with the dotted key and the Delete operation', () => {
    expect(unlinkBody('weixin')).toEqual({ 'authData.weixin': { __op: 'Delete' } });
  });

  it('previews values on one line, shortened', () => {
    expect(previewValue({ __type: 'Date', iso: '2026-01-01T00:00:00.000Z' })).toBe(
      '2026-01-01T00:00:00.000Z',
    );
    expect(previewValue({ __type: 'Pointer', className: 'Product', objectId: 'p1' })).toBe('Product p1');
    expect(previewValue([1, 2])).toBe('[1,2]');
    expect(previewValue('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('asks for the username to delete, or the objectId without one', () => {
    expect(deleteConfirmation(user)).toBe('alice');
    expect(deleteConfirmation({ ...user, username: undefined })).toBe('u1');
  });
});

describe('fieldProblem', () => {
  const refused = (upstreamCode: number) =>
    new ConsoleApiError({ code: 'upstream_error', message: 'no', status: 400, details: { upstreamCode } });

  it('names the field a duplicate collided on', () => {
    expect(fieldProblem(refused(202))).toEqual({ field: 'username', problem: 'taken' });
    expect(fieldProblem(refused(203))).toEqual({ field: 'email', problem: 'taken' });
    expect(fieldProblem(refused(214))).toEqual({ field: 'mobilePhoneNumber', problem: 'taken' });
  });

  it('names the field a malformed value was in', () => {
    expect(fieldProblem(refused(125))).toEqual({ field: 'email', problem: 'invalid' });
    expect(fieldProblem(refused(127))).toEqual({ field: 'mobilePhoneNumber', problem: 'invalid' });
  });

  it('names none for other failures', () => {
    expect(fieldProblem(refused(1))).toBeUndefined();
    expect(fieldProblem(new Error('boom'))).toBeUndefined();
  });
});
