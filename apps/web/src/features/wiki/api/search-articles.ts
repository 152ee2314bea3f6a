import type { TLanguage, TWikiSearchResults } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const searchArticles = (q: string, lang: TLanguage) =>
  apiRequest<TWikiSearchResults>('/api/v1/wiki/search/', { method: 'GET', query: { q, lang } });

export const searchQuery = (q: string, lang: TLanguage) =>
  queryOptions({
    queryKey: ['wiki', 'search', lang, q],
    queryFn: () => searchArticles(q, lang),
    staleTime: Infinity,
  });

/** Searches once `q` has a word in it; the previous results stay while the next ones load. */
export const useSearchArticles = (q: string, lang: TLanguage) =>
  useQuery({ ...searchQuery(q, lang), enabled: q.trim().length > 0, placeholderData: keepPreviousData });
