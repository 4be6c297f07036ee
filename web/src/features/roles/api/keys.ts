/**
 * Query keys of an app's roles, defined once. Everything the roles pages read sits under
 * `all(app)`, so a membership change refreshes the graph, the member lists and access answers.
 */
export const roleKeys = {
  all: (app: string) => ['roles', app] as const,
  /** Every role with the roles in its `roles` relation. */
  graph: (app: string) => [...roleKeys.all(app), 'graph'] as const,
  users: (app: string, roleId: string) => [...roleKeys.all(app), 'users', roleId] as const,
  /** The role's own ACL: who may read and change the role. */
  acl: (app: string, roleId: string) => [...roleKeys.all(app), 'acl', roleId] as const,
  /** The roles whose `users` relation holds the user. */
  directRoles: (app: string, userId: string) => [...roleKeys.all(app), 'direct-roles', userId] as const,
  objectAcl: (app: string, className: string, objectId: string) =>
    [...roleKeys.all(app), 'object-acl', className, objectId] as const,
};
