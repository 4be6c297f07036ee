import { createBrowserRouter, RouterProvider } from 'react-router';
import { initI18n } from '../lib/i18n';
import { authKeys } from '../features/auth';
import { createStyleCache, readCspNonce } from './csp';
import { AppProviders } from './providers';
import { prefetchOpenedUrl } from './prefetch-url';
import { createQueryClient } from './query-client';
import { routes } from './routes';

const i18n = initI18n();
const queryClient = createQueryClient((client) => {
  void client.invalidateQueries({ queryKey: authKeys.session() });
});
void prefetchOpenedUrl(queryClient, window.location);
const router = createBrowserRouter(routes);
const styleCache = createStyleCache(readCspNonce());

export function App() {
  return (
    <AppProviders queryClient={queryClient} i18n={i18n} styleCache={styleCache}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
