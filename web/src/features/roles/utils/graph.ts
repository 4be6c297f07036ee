/**
 * Roles and their `roles` relation as a graph. An edge parent -> child means the child is in the
 * parent's `roles` relation; Doc 1: a child role inherits every permission of its parent, so the
 * users of a child (and of its children, transitively) get the parent's permissions.
 */
export interface RoleNode {
  objectId: string;
  name: string;
  /** objectIds of the roles in this role's `roles` relation. */
  children: readonly string[];
}

export type RoleGraph = ReadonlyMap<string, RoleNode>;

export const toGraph = (roles: readonly RoleNode[]): RoleGraph => new Map(roles.map((r) => [r.objectId, r]));

/** Roles whose `roles` relation holds `objectId`: the roles it inherits from directly. */
export function parentsOf(graph: RoleGraph, objectId: string): RoleNode[] {
  return [...graph.values()].filter((r) => r.children.includes(objectId));
}

/** Every role reachable from `from` by child edges, `from` included. Stops at cycles. */
export function descendants(graph: RoleGraph, from: string): Set<string> {
  const seen = new Set<string>([from]);
  const queue = [from];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    for (const child of graph.get(id)?.children ?? []) {
      if (!seen.has(child)) {
        seen.add(child);
        queue.push(child);
      }
    }
  }
  return seen;
}

/**
 * The chain of role names that adding `childId` under `parentId` would close into a loop, or null
 * when the edge is safe. The server tolerates cycles, but a loop means every role on it grants
 * every other's permissions, which is never what someone building a hierarchy means.
 */
export function cycleIfAdded(graph: RoleGraph, parentId: string, childId: string): string[] | null {
  if (parentId === childId) {
    const name = graph.get(parentId)?.name ?? parentId;
    return [name, name];
  }
  const path = pathDown(graph, childId, parentId);
  if (!path) return null;
  const names = path.map((id) => graph.get(id)?.name ?? id);
  return [graph.get(parentId)?.name ?? parentId, ...names];
}

/** The shortest child-edge path from `from` to `to` (both included), or null. */
export function pathDown(graph: RoleGraph, from: string, to: string): string[] | null {
  const previous = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    if (id === to) {
      const path: string[] = [];
      for (let at: string | null | undefined = id; at != null; at = previous.get(at)) path.unshift(at);
      return path;
    }
    for (const child of graph.get(id)?.children ?? []) {
      if (!previous.has(child)) {
        previous.set(child, id);
        queue.push(child);
      }
    }
  }
  return null;
}
