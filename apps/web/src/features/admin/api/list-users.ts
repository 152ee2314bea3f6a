import type { TUsersPage } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every page of the users list: what an action on a user reads again. */
export const usersQueryKey = ['admin', 'users'] as const;

export const listUsers = (page: number, search: string) =>
  apiRequest<TUsersPage>('/api/v1/users/', { method: 'GET', query: { page, search } });

export const usersQuery = (page: number, search: string) =>
  queryOptions({
    queryKey: [...usersQueryKey, page, search],
    queryFn: () => listUsers(page, search),
    placeholderData: keepPreviousData,
  });

export const useUsers = (page: number, search: string) => useQuery(usersQuery(page, search));
