import type { RoleGraph } from './graph';

export interface PlacedRole {
  objectId: string;
  name: string;
  layer: number;
  x: number;
  y: number;
}

export interface GraphLayout {
  nodes: PlacedRole[];
  edges: { from: PlacedRole; to: PlacedRole }[];
  width: number;
  height: number;
}

export const NODE_WIDTH = 150;
export const NODE_HEIGHT = 36;
const GAP_X = 24;
const GAP_Y = 56;

/**
 * Layers for the inheritance drawing: a parent above its children, each role one below its lowest
 * parent (longest path). A role caught in a cycle keeps the layer it had when the loop closed, so
 * the walk ends; relaxation is capped at one pass per role for the same reason.
 */
export function layerOf(graph: RoleGraph): Map<string, number> {
  const layer = new Map<string, number>([...graph.keys()].map((id) => [id, 0]));
  for (let pass = 0; pass < graph.size; pass++) {
    let changed = false;
    for (const role of graph.values()) {
      const mine = layer.get(role.objectId) ?? 0;
      for (const child of role.children) {
        if (!graph.has(child) || child === role.objectId) continue;
        if ((layer.get(child) ?? 0) < mine + 1 && mine + 1 < graph.size) {
          layer.set(child, mine + 1);
          changed = true;
        }
      }
    }
    if (!changed) break;
  }
  return layer;
}

/** Positions for a small SVG drawing: layers top to bottom, roles by name within a layer. */
export function layoutGraph(graph: RoleGraph): GraphLayout {
  const layers = layerOf(graph);
  const rows = new Map<number, PlacedRole[]>();
  const sorted = [...graph.values()].sort((a, b) => a.name.localeCompare(b.name));
  for (const role of sorted) {
    const layer = layers.get(role.objectId) ?? 0;
    const row = rows.get(layer) ?? [];
    row.push({ objectId: role.objectId, name: role.name, layer, x: 0, y: 0 });
    rows.set(layer, row);
  }
  const widest = Math.max(0, ...[...rows.values()].map((r) => r.length));
  const width = Math.max(1, widest * (NODE_WIDTH + GAP_X) - GAP_X);
  const byId = new Map<string, PlacedRole>();
  for (const [layer, row] of rows) {
    const rowWidth = row.length * (NODE_WIDTH + GAP_X) - GAP_X;
    row.forEach((node, i) => {
      node.x = (width - rowWidth) / 2 + i * (NODE_WIDTH + GAP_X);
      node.y = layer * (NODE_HEIGHT + GAP_Y);
      byId.set(node.objectId, node);
    });
  }
  const edges = [...graph.values()].flatMap((role) =>
    role.children.flatMap((child) => {
      const from = byId.get(role.objectId);
      const to = byId.get(child);
      return from && to && from !== to ? [{ from, to }] : [];
    }),
  );
  const depth = Math.max(0, ...layers.values());
  // Top to bottom, left to right: the order a keyboard visits the drawing's links.
  const nodes = [...byId.values()].sort((a, b) => a.layer - b.layer || a.x - b.x);
  return { nodes, edges, width, height: (depth + 1) * (NODE_HEIGHT + GAP_Y) - GAP_Y };
}
