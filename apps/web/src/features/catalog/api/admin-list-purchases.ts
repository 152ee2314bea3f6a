import type { TAdminPurchasesPage, TProductKind } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type TPurchasesFilter = { kind?: TProductKind; email?: string; page: number };

/** Everyone's purchases, newest first, of one kind and/or of buyers whose email contains `email`. */
export const adminListPurchases = ({ kind, email, page }: TPurchasesFilter) =>
  apiRequest<TAdminPurchasesPage>('/api/v1/admin/purchases/', {
    method: 'GET',
    query: { kind, email: email || undefined, page },
  });

export const adminPurchasesQuery = (filter: TPurchasesFilter) =>
  queryOptions({
    queryKey: ['admin', 'purchases', filter],
    queryFn: () => adminListPurchases(filter),
    placeholderData: keepPreviousData,
  });

export const useAdminPurchases = (filter: TPurchasesFilter) => useQuery(adminPurchasesQuery(filter));
