import { describe, expect, it } from 'vitest';
import { cycleIfAdded, descendants, parentsOf, pathDown, toGraph } from './graph';

// staff -> editors -> interns, and staff -> support
const graph = toGraph([
  { objectId: 's', name: 'staff', children: ['e', 'p'] },
  { objectId: 'e', name: 'editors', children: ['i'] },
  { objectId: 'i', name: 'interns', children: [] },
  { objectId: 'p', name: 'support', children: [] },
]);

describe('role graph', () => {
  it('finds the direct parents of a role', () => {
    expect(parentsOf(graph, 'i').map((r) => r.name)).toEqual(['editors']);
    expect(parentsOf(graph, 's')).toEqual([]);
  });

  it('collects descendants and stops at a cycle', () => {
    expect([...descendants(graph, 's')].sort()).toEqual(['e', 'i', 'p', 's']);
    const loop = toGraph([
      { objectId: 'a', name: 'A', children: ['b'] },
      { objectId: 'b', name: 'B', children: ['a'] },
    ]);
    expect([...descendants(loop, 'a')].sort()).toEqual(['a', 'b']);
  });

  it('gives the shortest path down, or null', () => {
    expect(pathDown(graph, 's', 'i')).toEqual(['s', 'e', 'i']);
    expect(pathDown(graph, 'i', 's')).toBeNull();
  });

  it('refuses an edge that closes a loop and names the loop', () => {
    expect(cycleIfAdded(graph, 'i', 's')).toEqual(['interns', 'staff', 'editors', 'interns']);
    expect(cycleIfAdded(graph, 'e', 'e')).toEqual(['editors', 'editors']);
  });

  it('accepts edges that keep the graph acyclic, shared children included', () => {
    expect(cycleIfAdded(graph, 's', 'i')).toBeNull();
    expect(cycleIfAdded(graph, 'p', 'i')).toBeNull();
  });
});
