import type { TAdminWithdrawal } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type TDecision =
  { action: 'approve' } | { action: 'reject'; reason: string } | { action: 'send'; tx_hash: string };

/** An admin's decision on a withdrawal: approve, reject with a reason, or mark it sent with its hash. */
export const decideWithdrawal = ({ id, decision }: { id: number; decision: TDecision }) => {
  const { action, ...body } = decision;
  return apiRequest<TAdminWithdrawal>(`/api/v1/admin/withdrawals/${id}/${action}/`, { body });
};

export function useDecideWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideWithdrawal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
