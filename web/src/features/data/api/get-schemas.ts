import { queryOptions, useQuery } from '@tanstack/react-query';
import { schemasResponseSchema } from '@switchboard/shared';
import { upstreamGet } from '../../../lib/api';
import { classKeys } from './keys';

/** Every class of the app with its fields (GET /1.1/schemas). */
export const getSchemas = (app: string, signal?: AbortSignal) =>
  upstreamGet(app, '/1.1/schemas', schemasResponseSchema, { signal });

export const schemasQueryOptions = (app: string) =>
  queryOptions({ queryKey: classKeys.list(app), queryFn: ({ signal }) => getSchemas(app, signal) });

export const useSchemas = (app: string) => useQuery(schemasQueryOptions(app));
