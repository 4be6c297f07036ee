import { describe, expect, it } from 'vitest';
import { aclToRows, addAclRow, roleKey, rowsToAcl } from './acl';

describe('ACL rows', () => {
  it('always starts with the public row', () => {
    expect(aclToRows(undefined)).toEqual([{ key: '*', read: false, write: false }]);
    expect(aclToRows({ u1: { write: true }, '*': { read: true } })).toEqual([
      { key: '*', read: true, write: false },
      { key: 'u1', read: false, write: true },
    ]);
  });

  it('drops rows that grant nothing and blank keys', () => {
    expect(
      rowsToAcl([
        { key: '*', read: false, write: false },
        { key: 'role:admin', read: true, write: true },
        { key: ' ', read: true, write: false },
      ]),
    ).toEqual({ 'role:admin': { read: true, write: true } });
  });

  it('prefixes role names once and adds a row only once', () => {
    expect(roleKey('admin')).toBe('role:admin');
    expect(roleKey('role:admin')).toBe('role:admin');
    const rows = addAclRow(aclToRows({}), 'u1');
    expect(addAclRow(rows, 'u1')).toHaveLength(2);
  });
});
