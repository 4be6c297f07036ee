import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { capabilitiesQueryOptions, capabilityKeys } from './capabilities';
import { ConsoleApiError } from './error';

const body = (app: string) => ({
  app,
  reachable: true,
  areas: { storage: true, push: true, im: true, schemaWrite: true },
  source: 'probe',
});

// fetch is the edge of the web app; these tests replace only it.
function answer(make: () => Response) {
  const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(make()));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('capabilitiesQueryOptions', () => {
  it('asks the app-scoped route, with the app id encoded', async () => {
    const fetchMock = answer(() => Response.json(body('a b')));
    const queryClient = new QueryClient();
    await expect(queryClient.fetchQuery(capabilitiesQueryOptions('a b'))).resolves.toMatchObject({
      areas: { storage: true, push: true, im: true, schemaWrite: true },
    });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/apps/a%20b/capabilities');
  });

  it('is one cache entry per app: a second reader within the stale time does not fetch again', async () => {
    const fetchMock = answer(() => Response.json(body('default')));
    const queryClient = new QueryClient();
    await queryClient.fetchQuery(capabilitiesQueryOptions('default'));
    await queryClient.ensureQueryData(capabilitiesQueryOptions('default'));
    await queryClient.fetchQuery(capabilitiesQueryOptions('default'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(capabilityKeys.app('default'))).toMatchObject({ app: 'default' });

    await queryClient.fetchQuery(capabilitiesQueryOptions('other'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('rejects an answer that does not match the contract', async () => {
    answer(() => Response.json({ app: 'default', areas: 'all' }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(queryClient.fetchQuery(capabilitiesQueryOptions('default'))).rejects.toBeInstanceOf(
      ConsoleApiError,
    );
  });
});
