/** Doc 1, Role: a name has letters, digits and underscore only. */
const ROLE_NAME = /^[A-Za-z0-9_]+$/;

export type RoleNameProblem = 'required' | 'characters' | 'taken';

/** What is wrong with a new role's name, checked before it is sent; null when it may be used. */
export function roleNameProblem(name: string, existing: readonly string[]): RoleNameProblem | null {
  if (name === '') return 'required';
  if (!ROLE_NAME.test(name)) return 'characters';
  if (existing.includes(name)) return 'taken';
  return null;
}
