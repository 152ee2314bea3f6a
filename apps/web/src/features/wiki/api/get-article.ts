import type { TLanguage, TWikiArticle } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** One article, loaded when it is opened (the wiki's texts never travel with the app). */
export const getArticle = (slug: string, lang: TLanguage) =>
  apiRequest<TWikiArticle>(`/api/v1/wiki/${encodeURIComponent(slug)}/`, { method: 'GET', query: { lang } });

export const articleQuery = (slug: string, lang: TLanguage) =>
  queryOptions({
    queryKey: ['wiki', 'article', slug, lang],
    queryFn: () => getArticle(slug, lang),
    staleTime: Infinity,
  });

export const useArticle = (slug: string, lang: TLanguage) => useQuery(articleQuery(slug, lang));
