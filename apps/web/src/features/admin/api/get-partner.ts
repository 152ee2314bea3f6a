import type { TPartnerDetail } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { usersQueryKey } from './list-users';

export const getPartner = (id: number) =>
  apiRequest<TPartnerDetail>(`/api/v1/admin/users/${id}/`, { method: 'GET' });

/** Under the users' key: an action on the partner (block, two-factor, KYC, roles) reads it again. */
export const partnerQuery = (id: number) =>
  queryOptions({ queryKey: [...usersQueryKey, 'detail', id], queryFn: () => getPartner(id) });

export const usePartner = (id: number) => useQuery(partnerQuery(id));
