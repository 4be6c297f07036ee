import { describe, expect, it } from 'vitest';
import { cloneBody, newObjectBody, readWhereParam } from './rows';

describe('cloneBody', () => {
  it('leaves out the server fields and relations and keeps the rest, ACL included', () => {
    expect(
      cloneBody({
        objectId: 'o1',
        createdAt: 'c',
        updatedAt: 'u',
        name: 'x',
        owner: { __type: 'Pointer', className: '_User', objectId: 'u1' },
        likes: { __type: 'Relation', className: '_User' },
        ACL: { '*': { read: true } },
      }),
    ).toEqual({
      name: 'x',
      owner: { __type: 'Pointer', className: '_User', objectId: 'u1' },
      ACL: { '*': { read: true } },
    });
  });
});

describe('newObjectBody', () => {
  it('keeps nulls and drops fields left unset', () => {
    expect(
      newObjectBody(
        new Map<string, unknown>([
          ['a', null],
          ['b', undefined],
          ['c', 0],
        ]),
      ),
    ).toEqual({ a: null, c: 0 });
  });
});

describe('readWhereParam', () => {
  it('reads an object and ignores anything else', () => {
    expect(readWhereParam('{"price":3}')).toEqual({ price: 3 });
    expect(readWhereParam('[1]')).toEqual({});
    expect(readWhereParam('{oops')).toEqual({});
    expect(readWhereParam(null)).toEqual({});
  });
});
