/** What a search looks in: one field, or all of them at once. */
export const SEARCH_FIELDS = ['any', 'username', 'email', 'mobilePhoneNumber', 'objectId'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export interface UserSearch {
  term: string;
  by: SearchField;
}

type Where = Record<string, unknown>;

/** A literal inside a `$regex`: the person types text, not a pattern. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Phone numbers are typed with spaces, dashes or brackets; they are stored without them. */
export const normalizePhone = (text: string) => text.replace(/[\s\-()]/g, '');

function conditionFor(by: Exclude<SearchField, 'any'>, term: string): Where {
  switch (by) {
    case 'username':
      // Usernames are case-sensitive (Doc 1); a prefix finds "ali" → "alice".
      return { username: { $regex: `^${escapeRegex(term)}` } };
    case 'email':
      return { email: { $regex: `^${escapeRegex(term)}`, $options: 'i' } };
    case 'mobilePhoneNumber':
      // Anywhere in the number, so "13800000001" finds "+8613800000001".
      return { mobilePhoneNumber: { $regex: escapeRegex(normalizePhone(term)) } };
    case 'objectId':
      return { objectId: term };
  }
}

/** The `where` of a search; an empty term finds everyone. */
export function searchWhere({ term, by }: UserSearch): Where {
  const text = term.trim();
  if (!text) return {};
  if (by !== 'any') return conditionFor(by, text);
  const fields = ['username', 'email', 'mobilePhoneNumber', 'objectId'] as const;
  // A phone condition from text with no digit would match every number that contains it literally
  // ("-" matches none after normalizing to ""): only search phones when the term has digits.
  const usable = fields.filter((f) => f !== 'mobilePhoneNumber' || /\d/.test(text));
  return { $or: usable.map((f) => conditionFor(f, text)) };
}

const isSearchField = (v: string | null): v is SearchField =>
  v !== null && (SEARCH_FIELDS as readonly string[]).includes(v);

/** The search kept in the URL (`?q=...&by=...&page=...`), so links and back/forward work. */
export function readSearch(params: URLSearchParams): UserSearch & { page: number } {
  const by = params.get('by');
  const page = Number(params.get('page') ?? '1');
  return {
    term: params.get('q') ?? '',
    by: isSearchField(by) ? by : 'any',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function writeSearch(search: UserSearch & { page?: number }): URLSearchParams {
  const next = new URLSearchParams();
  if (search.term.trim()) next.set('q', search.term.trim());
  if (search.by !== 'any') next.set('by', search.by);
  if (search.page && search.page > 1) next.set('page', String(search.page));
  return next;
}
