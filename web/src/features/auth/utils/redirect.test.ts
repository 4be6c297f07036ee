import { describe, expect, it } from 'vitest';
import type { SessionResponse } from '@switchboard/shared';
import { decideAuthGate } from './redirect';

const session: SessionResponse = {
  user: { id: 'u', email: 'a@example.com', role: 'viewer', appRoles: {} },
  permissions: [],
  appPermissions: {},
};
const pending = { data: undefined, error: null, isPending: true };

describe('decideAuthGate', () => {
  it('waits for the session', () => {
    expect(decideAuthGate({ session: pending, setup: pending })).toEqual({ kind: 'loading' });
  });

  it('lets a signed-in user in without asking about setup', () => {
    expect(
      decideAuthGate({ session: { data: session, error: null, isPending: false }, setup: pending }),
    ).toEqual({
      kind: 'signed-in',
      session,
    });
  });

  it('shows a failure to read the session', () => {
    const error = new Error('down');
    expect(decideAuthGate({ session: { data: undefined, error, isPending: false }, setup: pending })).toEqual(
      {
        kind: 'error',
        error,
      },
    );
  });

  it('sends a visitor to setup when no admin exists, else to login', () => {
    const anonymous = { data: null, error: null, isPending: false };
    expect(decideAuthGate({ session: anonymous, setup: pending })).toEqual({ kind: 'loading' });
    expect(
      decideAuthGate({
        session: anonymous,
        setup: { data: { needed: true }, error: null, isPending: false },
      }),
    ).toEqual({ kind: 'setup' });
    expect(
      decideAuthGate({
        session: anonymous,
        setup: { data: { needed: false }, error: null, isPending: false },
      }),
    ).toEqual({ kind: 'login' });
    expect(
      decideAuthGate({
        session: anonymous,
        setup: { data: undefined, error: new Error('x'), isPending: false },
      }),
    ).toEqual({ kind: 'login' });
  });
});
