import type { TCompanyStats } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getCompanyStats = () => apiRequest<TCompanyStats>('/api/v1/mlm/company_stats/', { body: {} });

export const companyStatsQuery = () =>
  queryOptions({ queryKey: ['dashboard', 'company-stats'], queryFn: getCompanyStats, staleTime: 60_000 });

/** The company's sales and achievements: active nodes, physical devices, tariff 500 sales. */
export const useCompanyStats = () => useQuery(companyStatsQuery());
