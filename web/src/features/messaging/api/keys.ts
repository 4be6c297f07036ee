/** Query keys of an app's messaging area; a write refreshes what it touched, under `all(app)`. */
export const imKeys = {
  all: (app: string) => ['messaging', app] as const,
  conversations: (app: string, filter: unknown) => [...imKeys.all(app), 'conversations', filter] as const,
  conversation: (app: string, id: string) => [...imKeys.all(app), 'conversation', id] as const,
  mutes: (app: string, id: string) => [...imKeys.conversation(app, id), 'mutes'] as const,
  subscribers: (app: string, id: string) => [...imKeys.conversation(app, id), 'subscribers'] as const,
  onlineCount: (app: string, id: string) => [...imKeys.conversation(app, id), 'online-count'] as const,
  history: (app: string, id: string, start: unknown) =>
    [...imKeys.conversation(app, id), 'history', start] as const,
  client: (app: string, id: string) => [...imKeys.all(app), 'client', id] as const,
  stats: (app: string, days: number) => [...imKeys.all(app), 'stats', days] as const,
  broadcasts: (app: string, convId: string) => [...imKeys.all(app), 'broadcasts', convId] as const,
};
