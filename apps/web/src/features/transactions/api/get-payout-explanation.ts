import type { TPayoutExplanation } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getPayoutExplanation = (id: number) =>
  apiRequest<TPayoutExplanation>(`/api/v1/mlm/payouts/${id}/`, { method: 'GET' });

export const payoutExplanationQuery = (id: number) =>
  queryOptions({ queryKey: ['payout-explanation', id], queryFn: () => getPayoutExplanation(id) });

/** One of my bonuses explained (docs/compensation.md "Explained to the partner"). */
export const usePayoutExplanation = (id: number | null) =>
  useQuery({ ...payoutExplanationQuery(id ?? 0), enabled: id !== null });
