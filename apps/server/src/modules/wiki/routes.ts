import {
  ZWikiArticle,
  ZWikiArticles,
  ZWikiLanguageQuery,
  ZWikiSearchQuery,
  ZWikiSearchResults,
  ZWikiSlugParams,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { TWiki } from './service';

const tags = ['wiki'];

/** The wiki for signed-in partners: in their language, with the English original where it lacks one. */
export function wikiRoutes(app: FastifyInstance, deps: { wiki: TWiki }): void {
  const { wiki } = deps;

  route(app, {
    method: 'GET',
    url: '/api/v1/wiki/',
    summary: 'The articles in the language asked (the English original where it has no translation)',
    tags,
    auth: 'user',
    query: ZWikiLanguageQuery,
    response: ZWikiArticles,
    handler: async ({ query }) => wiki.list(query.lang),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/wiki/search/',
    summary: 'Articles whose title or text holds every word of q, in the language asked or in English',
    tags,
    auth: 'user',
    query: ZWikiSearchQuery,
    response: ZWikiSearchResults,
    handler: async ({ query }) => wiki.search(query.q, query.lang),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/wiki/:slug/',
    summary: 'One article as Markdown, in the language asked or in English (`fallback`)',
    tags,
    auth: 'user',
    params: ZWikiSlugParams,
    query: ZWikiLanguageQuery,
    response: ZWikiArticle,
    handler: async ({ params, query }) => wiki.article(params.slug, query.lang),
  });
}
