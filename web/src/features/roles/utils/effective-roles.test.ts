import { describe, expect, it } from 'vitest';
import { rolesOfUser } from './effective-roles';
import { toGraph } from './graph';

const graph = toGraph([
  { objectId: 's', name: 'staff', children: ['e', 'p'] },
  { objectId: 'e', name: 'editors', children: ['i'] },
  { objectId: 'i', name: 'interns', children: [] },
  { objectId: 'p', name: 'support', children: ['i'] },
  { objectId: 'x', name: 'unrelated', children: [] },
]);

describe('rolesOfUser', () => {
  it('has the direct role and every ancestor, each with the path that grants it', () => {
    const held = rolesOfUser(graph, ['i']);
    expect(held).toEqual([
      { objectId: 'i', name: 'interns', path: ['interns'], direct: true },
      { objectId: 'e', name: 'editors', path: ['interns', 'editors'], direct: false },
      { objectId: 'p', name: 'support', path: ['interns', 'support'], direct: false },
      { objectId: 's', name: 'staff', path: ['interns', 'editors', 'staff'], direct: false },
    ]);
  });

  it('prefers a direct membership to an inherited one', () => {
    const held = rolesOfUser(graph, ['i', 's']);
    expect(held.find((r) => r.name === 'staff')).toMatchObject({ direct: true, path: ['staff'] });
    expect(held).toHaveLength(4);
  });

  it('gives nothing to a user in no role and ignores unknown role ids', () => {
    expect(rolesOfUser(graph, [])).toEqual([]);
    expect(rolesOfUser(graph, ['gone'])).toEqual([]);
  });

  it('terminates on a cycle with each role once', () => {
    const loop = toGraph([
      { objectId: 'a', name: 'A', children: ['b'] },
      { objectId: 'b', name: 'B', children: ['a'] },
    ]);
    expect(rolesOfUser(loop, ['a']).map((r) => r.path)).toEqual([['A'], ['A', 'B']]);
  });
});
