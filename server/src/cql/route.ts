import { cloudQueryParamsSchema, isPlainObject } from '@switchboard/shared';
import type { ApiRouter } from '../http/router';
import { parseInput } from '../http/validate';
import type { Clock } from '../lib/clock';
import { compileCql } from './translate';

/**
 * GET /1.1/cloudQuery (LeanCloud's CQL, as AV.Query.doCloudQuery sends it). The statement becomes
 * the parameters of GET /1.1/classes/<className> and is dispatched there, so that a CQL query
 * meets exactly the rules of the objects API: ACLs, the closed _User query, hidden fields, limits.
 */
export function cloudQueryRoutes(router: ApiRouter, clock: Clock): void {
  router.on('GET', '/1.1/cloudQuery', async (req) => {
    const q = parseInput(cloudQueryParamsSchema, req.query, 'query parameters');
    const { className, params } = compileCql(q.cql, q.pvalues, clock.now());
    const res = await router.dispatch({
      ...req,
      path: `/1.1/classes/${className}`,
      query: params,
      toWire: false,
    });
    // The SDK builds its objects from `className` (AV.Query.doCloudQuery reads response.className).
    return { ...res, body: { ...(isPlainObject(res.body) ? res.body : {}), className } };
  });
}
