import type { TFraudReviewRequest, TFraudSignal } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fraudSignalsQueryKey } from './list-fraud-signals';

/** Support confirms or dismisses a fraud signal, with the reason kept in the audit log. */
export const reviewFraudSignal = ({ id, ...body }: TFraudReviewRequest & { id: number }) =>
  apiRequest<TFraudSignal>(`/api/v1/admin/fraud-signals/${id}/review/`, { body });

/** The refusal is shown in the dialog that asked for the reason. */
export function useReviewFraudSignal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewFraudSignal,
    // The signal moves to the tab of its decision.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fraudSignalsQueryKey }),
    meta: { silent: true },
  });
}
