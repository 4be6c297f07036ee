/**
 * The existing name that differs from `name` only in letter case, if any. The server takes
 * "product" and "Product" (or "createdat" and "createdAt") as two names, and people mix them up.
 */
export function caseTwin(name: string, existing: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  return name === '' ? undefined : existing.find((e) => e !== name && e.toLowerCase() === lower);
}
