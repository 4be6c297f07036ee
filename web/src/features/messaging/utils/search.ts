import type { ConvKind } from './kinds';

export const SEARCH_FIELDS = ['name', 'id', 'member', 'creator'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export const isSearchField = (v: unknown): v is SearchField => SEARCH_FIELDS.includes(v as SearchField);

/** Escapes a typed term for a `$regex`, so "a.b" finds "a.b" and not "axb". */
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The Doc 1 `where` a conversation search asks for, or undefined for "everything". */
export function conversationWhere(field: SearchField, term: string): Record<string, unknown> | undefined {
  const t = term.trim();
  if (!t) return undefined;
  switch (field) {
    case 'id':
      return { objectId: t };
    case 'member':
      return { m: t };
    case 'creator':
      return { c: t };
    case 'name':
      return { name: { $regex: literal(t), $options: 'i' } };
  }
}

/** The listing path of a kind, or of every kind. */
export const listPath = (kind: ConvKind | ''): `/1.${string}` =>
  kind === ''
    ? '/1.2/rtm/all-conversations'
    : `/1.2/rtm/${kind === 'conversation' ? 'conversations' : kind === 'chatroom' ? 'chatrooms' : 'service-conversations'}`;
