import { describe, expect, it } from 'vitest';
import { describeAppRoles, toAppRoles } from './app-roles';

describe('app roles', () => {
  it('keeps only the apps given a role of their own', () => {
    expect(toAppRoles({ default: '', shop: 'viewer' })).toEqual({ shop: 'viewer' });
  });

  it('describes them sorted by app, with role names', () => {
    expect(describeAppRoles({ shop: 'viewer', b: 'admin' }, (r) => r.toUpperCase())).toBe(
      'b: ADMIN, shop: VIEWER',
    );
    expect(describeAppRoles({}, String)).toBe('');
  });
});
