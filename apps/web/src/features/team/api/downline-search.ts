import type { TDownlineSearch } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isSearchable, searchQuery } from '../lib/search';

export const searchDownline = (q: string) =>
  apiRequest<TDownlineSearch>('/api/v1/mlm/downline-search/', { body: { q } });

export const downlineSearchQuery = (q: string) =>
  queryOptions({ queryKey: ['team', 'downline-search', q], queryFn: () => searchDownline(q) });

/** Partners of my downline by name, email or ID; nothing is asked before the query is searchable. */
export const useDownlineSearch = (typed: string) => {
  const q = searchQuery(typed);
  return useQuery({ ...downlineSearchQuery(q), enabled: isSearchable(q) });
};
