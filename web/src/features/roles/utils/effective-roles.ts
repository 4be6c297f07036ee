import type { RoleGraph } from './graph';

/** A role a user has, and how: `path` runs from the role holding the user up to this one. */
export interface HeldRole {
  objectId: string;
  name: string;
  /** Role names from the role whose `users` holds the user to this role; one name when direct. */
  path: string[];
  direct: boolean;
}

/**
 * The roles a user has: those whose `users` relation holds it, then, transitively, every role whose
 * `roles` relation holds one of those (as the server computes it). Each is reached by its shortest
 * path; a cycle ends the walk instead of looping.
 */
export function rolesOfUser(graph: RoleGraph, directRoleIds: readonly string[]): HeldRole[] {
  const held = new Map<string, HeldRole>();
  const queue: HeldRole[] = [];
  for (const id of directRoleIds) {
    const role = graph.get(id);
    if (!role || held.has(id)) continue;
    const entry = { objectId: id, name: role.name, path: [role.name], direct: true };
    held.set(id, entry);
    queue.push(entry);
  }
  const parents = parentIndex(graph);
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    for (const parentId of parents.get(at.objectId) ?? []) {
      const parent = graph.get(parentId);
      if (!parent || held.has(parentId)) continue;
      const entry = { objectId: parentId, name: parent.name, path: [...at.path, parent.name], direct: false };
      held.set(parentId, entry);
      queue.push(entry);
    }
  }
  return [...held.values()];
}

function parentIndex(graph: RoleGraph): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const role of graph.values()) {
    for (const child of role.children) index.set(child, [...(index.get(child) ?? []), role.objectId]);
  }
  return index;
}
