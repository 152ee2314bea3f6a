import type { TAdjustmentRequest } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { usersQueryKey } from './list-users';

/**
 * Finance corrects a partner's balance (a credit, or with a minus a debit) against the company's
 * account, with a reason; one Idempotency-Key per dialog, so a double click moves it once.
 */
export const adjustBalance = ({ idempotencyKey, ...body }: TAdjustmentRequest & { idempotencyKey: string }) =>
  apiRequest<{ success: true }>('/api/v1/admin/ledger/adjustments/', {
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });

export function useAdjustBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustBalance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
    meta: { silent: true },
  });
}
