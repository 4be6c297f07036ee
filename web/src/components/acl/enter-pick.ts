import type { UserSummary } from './api';

/**
 * The user Enter picks in a user search: the one the person last highlighted, if the list still
 * shows it and the list is the answer to the text now in the field (not the previous text's
 * answer kept on screen while the new one loads). Otherwise nobody.
 */
export function enterPick(
  highlighted: UserSummary | null,
  shown: readonly UserSummary[],
  settled: boolean,
): UserSummary | undefined {
  if (!settled || !highlighted) return undefined;
  return shown.find((user) => user.objectId === highlighted.objectId);
}
