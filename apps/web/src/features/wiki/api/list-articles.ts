import type { TLanguage, TWikiArticles } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const listArticles = (lang: TLanguage) =>
  apiRequest<TWikiArticles>('/api/v1/wiki/', { method: 'GET', query: { lang } });

export const articlesQuery = (lang: TLanguage) =>
  queryOptions({ queryKey: ['wiki', 'list', lang], queryFn: () => listArticles(lang), staleTime: Infinity });

export const useArticles = (lang: TLanguage) => useQuery(articlesQuery(lang));
