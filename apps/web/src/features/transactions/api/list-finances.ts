import type { TFinancesPage, TFinancesRequest } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type TFinancesFilter = Partial<TFinancesRequest>;

export const listFinances = (filter: TFinancesFilter, page: number) =>
  apiRequest<TFinancesPage>('/api/v1/payments/finances/', { body: filter, query: { page } });

/** The statement refreshes every 10 seconds: chain deposits confirm and withdrawals get decided. */
export const financesQuery = (filter: TFinancesFilter, page: number) =>
  queryOptions({
    queryKey: ['finances', filter, page],
    queryFn: () => listFinances(filter, page),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });

export const useFinances = (filter: TFinancesFilter, page: number) => useQuery(financesQuery(filter, page));
