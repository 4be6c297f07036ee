/** Text as a literal inside a regular expression. */
export const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Objects whose objectId is the text, or whose string fields start with it (case-insensitive):
 * what someone picking a pointer target or a user usually types.
 */
export function searchWhere(text: string, stringFields: readonly string[]): Record<string, unknown> {
  const needle = text.trim();
  if (!needle) return {};
  const prefix = { $regex: `^${escapeRegex(needle)}`, $options: 'i' };
  return { $or: [{ objectId: needle }, ...stringFields.map((field) => ({ [field]: prefix }))] };
}

/** The fields of a class a search can match as text. */
export function stringFieldsOf(fields: Record<string, { type: string }> | undefined): string[] {
  return Object.entries(fields ?? {})
    .filter(([key, f]) => f.type === 'String' && key !== 'objectId')
    .map(([key]) => key)
    .slice(0, 5);
}
