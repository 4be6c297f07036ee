import type { z } from 'zod';
import { upstreamPrefix } from '@switchboard/shared';
import { apiRequest } from './client';
import type { QueryValue } from './client';

/** GET an upstream (LeanCloud-compatible) path of one app through the BFF's allowlist. */
export function upstreamGet<T>(
  app: string,
  path: `/1.${string}`,
  schema: z.ZodType<T>,
  options: { query?: Record<string, QueryValue>; signal?: AbortSignal | undefined } = {},
): Promise<T> {
  return apiRequest(`${upstreamPrefix(app)}${path}`, { schema, ...options });
}

/** A write (POST, PUT or DELETE) to an upstream path of one app through the BFF's allowlist. */
export function upstreamSend<T>(
  app: string,
  method: 'POST' | 'PUT' | 'DELETE',
  path: `/1.${string}`,
  schema: z.ZodType<T>,
  options: { query?: Record<string, QueryValue>; body?: unknown; signal?: AbortSignal | undefined } = {},
): Promise<T> {
  return apiRequest(`${upstreamPrefix(app)}${path}`, { method, schema, ...options });
}
