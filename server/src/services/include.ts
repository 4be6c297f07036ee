import { encodedTypeOf, isPlainObject, isValidClassName } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import type { ClassRegistry } from '../store/classes';
import { selectByIds } from '../store/objects';
import { aclKeys } from './access';
import type { Principal } from './access';
import { toApi } from './format';
import { redact } from './redact';
import type { ApiObject } from './format';
import type { ClassPolicy } from './class-policy';

/** Include paths as a tree: "a,a.b,c" -> {a: {b: {}}, c: {}}. */
type IncludeTree = Map<string, IncludeTree>;

export function parseInclude(raw: string | undefined): IncludeTree {
  const tree: IncludeTree = new Map();
  for (const path of (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    let node = tree;
    for (const seg of path.split('.')) {
      let next = node.get(seg);
      if (!next) {
        next = new Map();
        node.set(seg, next);
      }
      node = next;
    }
  }
  return tree;
}

interface PointerSlot {
  holder: Record<string, unknown> | unknown[];
  key: string | number;
  className: string;
  objectId: string;
}

function collect(objects: ApiObject[], field: string): PointerSlot[] {
  const slots: PointerSlot[] = [];
  const consider = (holder: Record<string, unknown> | unknown[], key: string | number, v: unknown) => {
    if (
      isPlainObject(v) &&
      encodedTypeOf(v) === 'Pointer' &&
      typeof v.className === 'string' &&
      typeof v.objectId === 'string'
    ) {
      slots.push({ holder, key, className: v.className, objectId: v.objectId });
    }
  };
  for (const obj of objects) {
    const v = obj[field];
    if (Array.isArray(v)) v.forEach((item, i) => consider(v, i, item));
    else consider(obj, field, v);
  }
  return slots;
}

/**
 * Doc 1 `include`: replaces pointers on the given paths with the target's fields (keeping
 * `__type: Pointer` and `className`), one query per class and level.
 */
export async function expandIncludes(
  sql: Sql,
  classes: ClassRegistry,
  objects: ApiObject[],
  tree: IncludeTree,
  access: Principal,
  classPolicy?: ClassPolicy,
): Promise<void> {
  for (const [field, subtree] of tree) {
    const slots = collect(objects, field);
    const byClass = new Map<string, Set<string>>();
    for (const s of slots) {
      if (!byClass.has(s.className)) byClass.set(s.className, new Set());
      byClass.get(s.className)?.add(s.objectId);
    }
    const found = new Map<string, ApiObject>();
    for (const [className, ids] of byClass) {
      if (!isValidClassName(className) || !(await classes.exists(sql, className))) continue;
      // Including reads the target by id: a class whose `get` the reader lacks stays a pointer.
      if (classPolicy && !(await classPolicy.allows(sql, access, className, 'get'))) continue;
      // Doc 1 ACL: an included object shows only if the reader may read it; otherwise the pointer stays.
      const rows = await selectByIds(sql, className, [...ids], aclKeys(access));
      const targets = rows.map((row) => redact(className, toApi(row), access));
      await classPolicy?.strip(sql, access, className, targets);
      for (const t of targets)
        found.set(`${className}/${String(t.objectId)}`, { __type: 'Pointer', className, ...t });
    }
    const expanded: ApiObject[] = [];
    for (const s of slots) {
      const target = found.get(`${s.className}/${s.objectId}`);
      if (!target) continue;
      (s.holder as Record<string | number, unknown>)[s.key] = target;
      expanded.push(target);
    }
    if (subtree.size > 0 && expanded.length > 0)
      await expandIncludes(sql, classes, expanded, subtree, access, classPolicy);
  }
}
