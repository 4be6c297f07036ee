import type { TFunction } from 'i18next';
import type { ClassPermission } from '@switchboard/shared';
import { audienceOf } from './model';

/**
 * One operation's permission in words: "logged-in users only", "users alice and role Staff".
 * Users are named by username when `names` knows them, else by objectId.
 */
export function describePermission(
  t: TFunction,
  p: ClassPermission | undefined,
  names: ReadonlyMap<string, string> | undefined,
): string {
  const audience = audienceOf(p);
  if (audience !== 'listed') return t(`classPerms.${audience}`);
  const users = (p?.users ?? []).map((id) => names?.get(id) ?? id);
  const roles = p?.roles ?? [];
  const parts: string[] = [];
  if (users.length > 0)
    parts.push(t(users.length === 1 ? 'classPerms.user' : 'classPerms.users', { names: users.join(', ') }));
  if (roles.length > 0)
    parts.push(t(roles.length === 1 ? 'classPerms.role' : 'classPerms.roles', { names: roles.join(', ') }));
  return parts.length === 0 ? t('classPerms.nobody') : parts.join(t('classPerms.and'));
}
