/** Query keys of the upstream apps this console manages, defined once. */
export const appKeys = {
  all: ['apps'] as const,
  list: () => [...appKeys.all, 'list'] as const,
};
