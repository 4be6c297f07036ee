/** Query keys of an app's push area; a send or cancel refreshes everything under `all(app)`. */
export const pushKeys = {
  all: (app: string) => ['push', app] as const,
  records: (app: string, filter: string) => [...pushKeys.all(app), 'records', filter] as const,
  record: (app: string, id: string) => [...pushKeys.all(app), 'record', id] as const,
  scheduled: (app: string) => [...pushKeys.all(app), 'scheduled'] as const,
  estimate: (app: string, where: unknown) => [...pushKeys.all(app), 'estimate', where] as const,
  channels: (app: string) => [...pushKeys.all(app), 'channels'] as const,
  devices: (app: string, term: string) => [...pushKeys.all(app), 'devices', term] as const,
  deliveries: (app: string, push: string) => [...pushKeys.all(app), 'deliveries', push] as const,
};
