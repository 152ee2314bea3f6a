import type { TIncomeByMonth } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getIncomeByMonth = (months: number) =>
  apiRequest<TIncomeByMonth>('/api/v1/mlm/income-by-month/', { body: { months } });

export const incomeByMonthQuery = (months: number) =>
  queryOptions({
    queryKey: ['dashboard', 'income-by-month', months],
    queryFn: () => getIncomeByMonth(months),
    staleTime: 60_000,
  });

/** My USDT bonuses by month and bonus type over the last `months` months. */
export const useIncomeByMonth = (months: number) => useQuery(incomeByMonthQuery(months));
