import type { TTeamListKind } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { TMemberPage } from '../lib/member-page';

export const listFirstLine = (kind: TTeamListKind, page: number) =>
  apiRequest<TMemberPage>(`/api/v1/mlm/first-line/${kind}/`, { body: {}, query: { page } });

export const firstLineQuery = (kind: TTeamListKind, page: number) =>
  queryOptions({
    queryKey: ['team', 'first-line', kind, page],
    queryFn: () => listFirstLine(kind, page),
    placeholderData: keepPreviousData,
  });

/** The partners I personally invited (all, or those placed in one leg), a page at a time. */
export const useFirstLine = (kind: TTeamListKind, page: number) => useQuery(firstLineQuery(kind, page));
