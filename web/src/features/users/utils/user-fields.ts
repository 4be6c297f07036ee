import { isReservedField } from '@switchboard/shared';
export type UserRecord = Record<string, unknown> & { objectId: string; createdAt: string; updatedAt: string };

export type Verification = 'verified' | 'unverified' | 'unknown';

/**
 * Doc 1 emailVerified: true once the link was used, false while not confirmed, null (or absent)
 * when verification was off or there is no address: "not checked" rather than "not verified".
 */
export function verification(value: unknown): Verification {
  if (value === true) return 'verified';
  if (value === false) return 'unverified';
  return 'unknown';
}

export const stringField = (user: UserRecord, name: string): string | undefined => {
  const v = user[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
};

/** The user's custom fields, in name order. */
export function customFields(user: UserRecord): [string, unknown][] {
  // The fields every user has (Doc 1 User) are shown in their own sections of the user page.
  return Object.entries(user)
    .filter(([name]) => !isReservedField('_User', name) && !name.startsWith('_'))
    .sort(([a], [b]) => a.localeCompare(b));
}

export interface LinkedAccount {
  platform: string;
  /** The account's id on that platform, when the entry names one; tokens are never shown. */
  accountId: string | undefined;
}

const ID_MEMBERS = ['uid', 'openid', 'unionid', 'id'];

/** The third-party platforms linked through authData, in name order. */
export function linkedAccounts(user: UserRecord): LinkedAccount[] {
  const authData = user.authData;
  if (!authData || typeof authData !== 'object' || Array.isArray(authData)) return [];
  return Object.entries(authData as Record<string, unknown>)
    .filter(([, entry]) => entry !== null && entry !== undefined)
    .map(([platform, entry]) => {
      const member =
        entry && typeof entry === 'object'
          ? ID_MEMBERS.map((m) => (entry as Record<string, unknown>)[m]).find((v) => typeof v === 'string')
          : undefined;
      return { platform, accountId: member };
    })
    .sort((a, b) => a.platform.localeCompare(b.platform));
}

/** The body that unlinks one platform (Doc 1: the dotted key with the Delete operation). */
export const unlinkBody = (platform: string) => ({ [`authData.${platform}`]: { __op: 'Delete' } });

/** A short, one-line view of any stored value for the custom-field list. */
export function previewValue(value: unknown, max = 120): string {
  let text: string;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    if (v.__type === 'Date' && typeof v.iso === 'string') text = v.iso;
    else if (v.__type === 'Pointer') text = `${String(v.className)} ${String(v.objectId)}`;
    else text = JSON.stringify(value);
  } else text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** What a person types to confirm deleting the user: the username, or the objectId without one. */
export const deleteConfirmation = (user: UserRecord) => stringField(user, 'username') ?? user.objectId;
