import type { TAuditPage, TAuditQuery } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** What the audit log is filtered by: who acted and the action. */
export type TAuditFilters = Omit<TAuditQuery, 'page'>;

export const listAudit = (page: number, { actor_id, action }: TAuditFilters) =>
  apiRequest<TAuditPage>('/api/v1/admin/audit/', { method: 'GET', query: { page, actor_id, action } });

export const auditQuery = (page: number, filters: TAuditFilters) =>
  queryOptions({
    queryKey: ['admin', 'audit', page, filters],
    queryFn: () => listAudit(page, filters),
    placeholderData: keepPreviousData,
  });

/** The audit log, newest first. */
export const useAudit = (page: number, filters: TAuditFilters) => useQuery(auditQuery(page, filters));
