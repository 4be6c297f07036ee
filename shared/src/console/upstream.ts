import { z } from 'zod';
import {
  getParamsSchema,
  queryParamsSchema,
  queryResponseSchema,
  storedObjectSchema,
} from '../upstream/objects';
import { schemasResponseSchema } from '../upstream/types';
import type { HttpMethod } from './routes';
import type { Permission } from './permissions';

/**
 * The allowlist of upstream routes the console may call through the BFF. Anything not listed is
 * refused. Each entry names the permission it needs and the schema its input must satisfy.
 */
export interface UpstreamRoute {
  method: HttpMethod;
  /** Path pattern; `:className` and `:objectId` match one segment of the documented shape. */
  path: string;
  permission: Permission;
  query: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

const noQuery = z.object({}).strict();

export const upstreamRoutes: readonly UpstreamRoute[] = [
  {
    method: 'GET',
    path: '/1.1/schemas',
    permission: 'schema.read',
    query: noQuery,
    response: schemasResponseSchema,
  },
  {
    method: 'GET',
    path: '/1.1/schemas/:className',
    permission: 'schema.read',
    query: noQuery,
    response: schemasResponseSchema,
  },
  {
    method: 'GET',
    path: '/1.1/classes/:className',
    permission: 'data.read',
    query: queryParamsSchema,
    response: queryResponseSchema,
  },
  {
    method: 'GET',
    path: '/1.1/classes/:className/:objectId',
    permission: 'data.read',
    query: getParamsSchema,
    response: z.union([storedObjectSchema, z.object({}).strict()]),
  },
];

const PARAM_RES: Record<string, RegExp> = {
  className: /^[A-Za-z_][A-Za-z0-9_]{0,59}$/,
  objectId: /^[A-Za-z0-9]{1,64}$/,
};

export interface UpstreamMatch {
  route: UpstreamRoute;
  params: Record<string, string>;
}

/** Find the allowlisted route for a method and a decoded upstream path, or undefined. */
export function matchUpstreamRoute(method: string, path: string): UpstreamMatch | undefined {
  const segments = path.split('/');
  for (const route of upstreamRoutes) {
    if (route.method !== method) continue;
    const pattern = route.path.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const ok = pattern.every((p, i) => {
      const seg = segments[i] ?? '';
      if (!p.startsWith(':')) return p === seg;
      const re = PARAM_RES[p.slice(1)];
      if (!re?.test(seg)) return false;
      params[p.slice(1)] = seg;
      return true;
    });
    if (ok) return { route, params };
  }
  return undefined;
}
