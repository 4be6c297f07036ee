import { describe, expect, it } from 'vitest';
import { visibleAdminPages } from './admin-pages';

describe('visibleAdminPages', () => {
  it('lists each page whose permission the session holds', () => {
    expect(visibleAdminPages(['console_users.manage', 'audit.read', 'data.read'])).toEqual([
      'users',
      'audit',
    ]);
    expect(visibleAdminPages(['audit.read'])).toEqual(['audit']);
    expect(visibleAdminPages(['data.read'])).toEqual([]);
  });
});
