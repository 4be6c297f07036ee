/** Installation fields that point at the app's user, as apps commonly name them. */
const USER_FIELDS = ['owner', 'user'];

/**
 * The where that finds installations by what an operator knows of a device: its objectId,
 * installationId, registrationId, a channel, the objectId of its user, and its deviceToken for
 * roles that may see tokens (the bff hides them, and refuses to filter on them, for the others).
 */
export function deviceSearchWhere(term: string, seesTokens: boolean): Record<string, unknown> {
  const v = term.trim();
  const exact = ['objectId', 'installationId', 'registrationId', ...(seesTokens ? ['deviceToken'] : [])];
  return {
    $or: [
      ...exact.map((k) => ({ [k]: v })),
      { channels: v },
      ...USER_FIELDS.map((k) => ({ [k]: { __type: 'Pointer', className: '_User', objectId: v } })),
    ],
  };
}
