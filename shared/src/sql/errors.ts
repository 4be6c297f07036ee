/** The SQLSTATE of a database error from either driver, if it has one. */
export function pgErrorCode(e: unknown): string | undefined {
  if (typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string') return e.code;
  return undefined;
}

export function isUniqueViolation(e: unknown): boolean {
  return pgErrorCode(e) === '23505';
}
