import type { Condition, Group, QueryNode } from './model';

/** A short text of a value for a chip: pointers as Class:id, dates as their ISO text, GeoPoints as (lat, lng). */
export function shortValue(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? String(value);
  if (Array.isArray(value)) return `[${value.map(shortValue).join(', ')}]`;
  const v = value as Record<string, unknown>;
  if (v.__type === 'Date' && typeof v.iso === 'string') return v.iso;
  if (v.__type === 'Pointer') return `${String(v.className)}:${String(v.objectId)}`;
  if (v.__type === 'GeoPoint') return `(${String(v.latitude)}, ${String(v.longitude)})`;
  return JSON.stringify(value);
}

/** What a condition's value says, for its chip (the operator's name comes from i18n). */
export function conditionValueText(c: Condition): string {
  const v = c.value as never;
  switch (c.operator) {
    case 'regex': {
      const { pattern, options } = v as Condition<'regex'>['value'];
      return `/${pattern}/${options}`;
    }
    case 'select':
    case 'dontSelect':
    case 'inQuery': {
      const q = v as Condition<'select'>['value'];
      return `${q.className}${q.key ? `.${q.key}` : ''} ${JSON.stringify(q.where)}`;
    }
    case 'nearSphere': {
      const { point, max } = v as Condition<'nearSphere'>['value'];
      return `${shortValue(point)}${max ? ` ≤ ${max.distance} ${max.unit}` : ''}`;
    }
    case 'within': {
      const { southwest, northeast } = v as Condition<'within'>['value'];
      return `${shortValue(southwest)} – ${shortValue(northeast)}`;
    }
    case 'relatedTo': {
      const { object, key } = v as Condition<'relatedTo'>['value'];
      return `${shortValue(object)}.${key}`;
    }
    default:
      return shortValue(c.value);
  }
}

/** How many conditions a node holds, at any depth (for a group's chip). */
export function countConditions(node: QueryNode): number {
  return node.kind === 'condition' ? 1 : node.children.reduce((n, c) => n + countConditions(c), 0);
}

/** The chips of a model: its root's children, each removable on its own. */
export const chipsOf = (model: Group): QueryNode[] => model.children;
