import type { TAdminWithdrawalsFilter, TBulkApproveResult } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiRequest } from '../../../lib/api-client';
import { fileDate, saveFile } from '../../../lib/download';

const queryOf = (filter: TAdminWithdrawalsFilter) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
  return params.toString();
};

/** Several pending withdrawals approved at once; the answer names each one refused, with why. */
export const approveWithdrawals = (ids: number[]) =>
  apiRequest<TBulkApproveResult>('/api/v1/admin/withdrawals/approve/', { body: { ids } });

export function useApproveWithdrawals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveWithdrawals,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** The queue the filter keeps as CSV, every withdrawal: what the wallet team sends from. */
export const exportWithdrawals = (filter: TAdminWithdrawalsFilter) => {
  const query = queryOf(filter);
  return apiBlob(`/api/v1/admin/withdrawals/csv/${query ? `?${query}` : ''}`);
};

export const useExportWithdrawals = () =>
  useMutation({
    mutationFn: async (filter: TAdminWithdrawalsFilter) =>
      saveFile(await exportWithdrawals(filter), `withdrawals-${filter.status ?? 'all'}-${fileDate()}.csv`),
  });
