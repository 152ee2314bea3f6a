import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { TMemberPage } from '../lib/member-page';

export const listFirstLineForUser = (userId: number, page: number) =>
  apiRequest<TMemberPage>('/api/v1/mlm/first-line-for-user/', { body: { user_id: userId }, query: { page } });

/**
 * One page of the partners a member of my downline personally invited: the sponsor tree reads
 * several at once (one per opened partner and page), hence `useQueries` with these options.
 */
export const firstLineForUserQuery = (userId: number, page: number) =>
  queryOptions({
    queryKey: ['team', 'first-line-for-user', userId, page],
    queryFn: () => listFirstLineForUser(userId, page),
  });
