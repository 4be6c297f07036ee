import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { planFieldChanges } from './schema-fields';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof ApiError ? [e.status, e.code] : e;
  }
  return 'no error';
};

describe('planFieldChanges', () => {
  const current = {
    title: { type: 'String' as const },
    owner: { type: 'Pointer' as const, className: '_User' },
  };

  it('adds, keeps an identical definition, and deletes', () => {
    expect(
      planFieldChanges('Book', current, {
        pages: { type: 'Number' },
        owner: { type: 'Pointer', targetClass: '_User' },
        title: { __op: 'Delete' },
      }),
    ).toEqual({
      fields: { owner: { type: 'Pointer', className: '_User' }, pages: { type: 'Number' } },
      deleted: ['title'],
    });
  });

  it('refuses a changed type or target, built-in fields, and missing ones', () => {
    expect(codeOf(() => planFieldChanges('Book', current, { title: { type: 'Number' } }))).toEqual([
      400, 111,
    ]);
    expect(
      codeOf(() => planFieldChanges('Book', current, { owner: { type: 'Pointer', targetClass: 'Shop' } })),
    ).toEqual([400, 111]);
    expect(codeOf(() => planFieldChanges('Book', current, { ACL: { __op: 'Delete' } }))).toEqual([400, 119]);
    expect(codeOf(() => planFieldChanges('_User', current, { email: { __op: 'Delete' } }))).toEqual([
      400, 119,
    ]);
    expect(codeOf(() => planFieldChanges('Book', current, { nope: { __op: 'Delete' } }))).toEqual([400, 1]);
    expect(codeOf(() => planFieldChanges('Book', current, { r: { type: 'Relation' } }))).toEqual([400, 1]);
  });
});
