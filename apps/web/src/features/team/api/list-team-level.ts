import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { TMemberPage } from '../lib/member-page';

export const listTeamLevel = (level: number, page: number) =>
  apiRequest<TMemberPage>('/api/v1/mlm/team-level/', { body: { level }, query: { page } });

export const teamLevelQuery = (level: number, page: number) =>
  queryOptions({
    queryKey: ['team', 'team-level', level, page],
    queryFn: () => listTeamLevel(level, page),
    placeholderData: keepPreviousData,
  });

/** The partners at one of my sponsor levels, a page at a time (null: no level opened). */
export const useTeamLevel = (level: number | null, page: number) =>
  useQuery({ ...teamLevelQuery(level ?? 1, page), enabled: level !== null });
