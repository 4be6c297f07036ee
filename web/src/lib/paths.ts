/** The console's URLs, built in one place so links and routes cannot drift apart. */
export const CONSOLE_AREAS = ['data', 'users', 'roles', 'push', 'messaging', 'settings'] as const;
export type ConsoleArea = (typeof CONSOLE_AREAS)[number];

/** The console-wide admin pages, reached from any app's frame. */
export const ADMIN_PAGES = ['users', 'audit'] as const;
export type AdminPage = (typeof ADMIN_PAGES)[number];

const seg = encodeURIComponent;

export const paths = {
  home: '/',
  login: '/login',
  setup: '/setup',
  setPassword: '/set-password',
  app: (app: string) => `/apps/${seg(app)}`,
  area: (app: string, area: ConsoleArea) => `/apps/${seg(app)}/${area}`,
  admin: (app: string, page: AdminPage) => `/apps/${seg(app)}/admin/${page}`,
  /** One role of the app (the console's Roles area). */
  role: (app: string, objectId: string) => `/apps/${seg(app)}/roles/${seg(objectId)}`,
  /** One user of the app (the console's Users area). */
  user: (app: string, objectId: string) => `/apps/${seg(app)}/users/${seg(objectId)}`,
  /** The push area: records (''), the composer ('new'), scheduled pushes, devices, one record. */
  push: (app: string, sub: '' | 'new' | 'scheduled' | 'devices' | 'overview' = '') =>
    `/apps/${seg(app)}/push${sub ? `/${sub}` : ''}`,
  pushRecord: (app: string, id: string) => `/apps/${seg(app)}/push/records/${seg(id)}`,
  /** The messaging area: conversations (''), overview, clients, broadcasts. */
  messaging: (app: string, sub: '' | 'overview' | 'clients' | 'broadcasts' = '') =>
    `/apps/${seg(app)}/messaging${sub ? `/${sub}` : ''}`,
  /** One conversation; with a message (id and timestamp) its history opens at that message. */
  conversation: (app: string, convId: string, message?: { id: string; ts: number }) =>
    `/apps/${seg(app)}/messaging/conversations/${seg(convId)}${
      message ? `?${new URLSearchParams({ msg: message.id, ts: String(message.ts) }).toString()}` : ''
    }`,
  /** One messaging client (usually a user's objectId). */
  imClient: (app: string, clientId: string) => `/apps/${seg(app)}/messaging/clients/${seg(clientId)}`,
  dataClass: (app: string, className: string, search?: Record<string, string>) => {
    const qs = search ? new URLSearchParams(search).toString() : '';
    return `/apps/${seg(app)}/data/${seg(className)}${qs ? `?${qs}` : ''}`;
  },
};

/**
 * Where to go after signing in. Only a path on this origin is followed, so a crafted link
 * cannot send someone elsewhere ("//evil.example" and "/\evil" are protocol-relative).
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return paths.home;
  if (
    next === paths.login ||
    next.startsWith(`${paths.login}?`) ||
    next.startsWith(paths.setup) ||
    next.startsWith(paths.setPassword)
  )
    return paths.home;
  return next;
}
