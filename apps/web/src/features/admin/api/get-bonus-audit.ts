import type { TBonusAudit } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** How often the screen asks again while a run is under way. */
export const BONUS_AUDIT_POLL_MS = 2_000;

export const getBonusAudit = () => apiRequest<TBonusAudit>('/api/v1/admin/bonus-audit/', { method: 'GET' });

/** Asked again every 2 seconds while a run is under way, and no more once it has finished. */
export const bonusAuditQuery = () =>
  queryOptions({
    queryKey: ['admin', 'bonus-audit'],
    queryFn: getBonusAudit,
    refetchInterval: (query) => (query.state.data?.running ? BONUS_AUDIT_POLL_MS : false),
  });

/** The replay audit's last run, and whether one runs now. */
export const useBonusAudit = () => useQuery(bonusAuditQuery());
