import { useInfiniteQuery } from '@tanstack/react-query';
import { auditListResponseSchema, consoleRoutes } from '@switchboard/shared';
import type { AuditFilter } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api';
import { adminKeys } from './keys';

export const AUDIT_PAGE_SIZE = 50;

/** The audit log, newest first, one page at a time (the server hands out the next cursor). */
export const useAuditLog = (filter: AuditFilter) =>
  useInfiniteQuery({
    queryKey: adminKeys.audit(filter),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(consoleRoutes.listAudit.path, {
        query: { ...filter, limit: AUDIT_PAGE_SIZE, cursor: pageParam ?? undefined },
        schema: auditListResponseSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
