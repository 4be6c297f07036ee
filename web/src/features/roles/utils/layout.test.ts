import { describe, expect, it } from 'vitest';
import { toGraph } from './graph';
import { layerOf, layoutGraph } from './layout';

describe('layout', () => {
  it('puts each role one layer below its lowest parent', () => {
    const graph = toGraph([
      { objectId: 's', name: 'staff', children: ['e', 'i'] },
      { objectId: 'e', name: 'editors', children: ['i'] },
      { objectId: 'i', name: 'interns', children: [] },
    ]);
    expect(Object.fromEntries(layerOf(graph))).toEqual({ s: 0, e: 1, i: 2 });
    const layout = layoutGraph(graph);
    expect(layout.edges).toHaveLength(3);
    const interns = layout.nodes.find((n) => n.name === 'interns');
    const staff = layout.nodes.find((n) => n.name === 'staff');
    expect(interns?.y).toBeGreaterThan(staff?.y ?? Infinity);
  });

  it('finishes on a cycle and keeps every role drawn once', () => {
    const graph = toGraph([
      { objectId: 'a', name: 'A', children: ['b'] },
      { objectId: 'b', name: 'B', children: ['a'] },
      { objectId: 'c', name: 'C', children: [] },
    ]);
    const layout = layoutGraph(graph);
    expect(layout.nodes.map((n) => n.name).sort()).toEqual(['A', 'B', 'C']);
    expect(layout.edges).toHaveLength(2);
  });

  it('draws nothing for no roles', () => {
    expect(layoutGraph(toGraph([])).nodes).toEqual([]);
  });
});
