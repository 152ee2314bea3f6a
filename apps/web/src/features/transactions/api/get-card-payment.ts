import type { TCardPayment } from '@portal/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { profileQuery } from '../../../api/get-profile';
import { apiRequest } from '../../../lib/api-client';

export const getCardPayment = (id: number) =>
  apiRequest<TCardPayment>(`/api/v1/cardpayment/payments/${id}/`, { method: 'GET' });

const SETTLED: readonly TCardPayment['status'][] = ['approved', 'declined', 'refused', 'failed'];

/**
 * A card payment after the provider's page, asked again every second until it settles; once
 * approved, the balances are read again.
 */
export function useCardPayment(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery(
    queryOptions({
      queryKey: ['card-payment', id],
      queryFn: async () => {
        const payment = await getCardPayment(id!);
        if (payment.status === 'approved')
          await queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
        return payment;
      },
      enabled: id !== null,
      refetchInterval: (query) =>
        query.state.data && SETTLED.includes(query.state.data.status) ? false : 1000,
      meta: { silent: true },
    }),
  );
}
