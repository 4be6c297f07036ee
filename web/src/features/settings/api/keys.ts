/** Query keys of the settings area, defined once. */
export const settingsKeys = {
  all: ['settings'] as const,
  preferences: () => [...settingsKeys.all, 'preferences'] as const,
  health: (app: string) => [...settingsKeys.all, 'health', app] as const,
  /** The signed-in person's two-step sign-in state. */
  totp: () => [...settingsKeys.all, 'totp'] as const,
};
