import type { TBonusAuditStarted } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bonusAuditQuery } from './get-bonus-audit';

/** Starts a run of the replay audit in the background (202); 409 while one runs. */
export const startBonusAudit = () =>
  apiRequest<TBonusAuditStarted>('/api/v1/admin/bonus-audit/', { body: {} });

/** The refusal (a run already under way) is shown beside the button. */
export function useStartBonusAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startBonusAudit,
    // The run is recorded as running before the answer: reading it again starts the polling.
    onSettled: () => queryClient.invalidateQueries({ queryKey: bonusAuditQuery().queryKey }),
    meta: { silent: true },
  });
}
