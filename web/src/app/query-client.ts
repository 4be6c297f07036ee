import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ConsoleApiError, isRetryable } from '../lib/api';

/**
 * One QueryClient for the app. A 401 from any query means the session ended (expired, signed out
 * elsewhere); `onUnauthenticated` re-checks it so the guard sends the user to the login page.
 */
export function createQueryClient(onUnauthenticated: (client: QueryClient) => void): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (error instanceof ConsoleApiError && error.status === 401) onUnauthenticated(client);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < 2 && isRetryable(error),
        staleTime: 30_000,
        // A console grid that reloads 1,000 rows whenever the window gains focus is a surprise.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
