import type { TFraudScanResult } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fraudSignalsQueryKey } from './list-fraud-signals';

/** Runs the fraud check now (it also runs on its schedule); answers what it found. */
export const checkFraudSignals = () =>
  apiRequest<TFraudScanResult>('/api/v1/admin/fraud-signals/scan/', { body: {} });

export function useCheckFraudSignals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkFraudSignals,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fraudSignalsQueryKey }),
  });
}
