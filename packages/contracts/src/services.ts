import { z } from 'zod';
import { ZTimestamp } from './common';
import { ZLanguage } from './languages';
import { MESSAGES } from './messages';

// ---- DexNet services of the profile (docs/decisions.md "DexNet services and the wiki") ----------------

/** How long a ProfiXone link may be opened after it is made. */
export const PROFIXONE_LINK_TTL_SECONDS = 300;

/** POST /api/v1/accounts/make_profixone_link/: a signed, short-lived link into ProfiXone. */
export const ZProfixoneLink = z.object({ link: z.string(), expires_at: ZTimestamp });
export type TProfixoneLink = z.infer<typeof ZProfixoneLink>;

/** The partner's DexPoint: live while they hold at least one active node (a device or a virtual node). */
export const ZDexPoint = z.object({
  status: z.enum(['active', 'inactive']),
  devices: z.number().int(),
  virtual_nodes: z.number().int(),
});
export type TDexPoint = z.infer<typeof ZDexPoint>;

/** GET /api/v1/accounts/services/: the state of the partner's DexNet services. */
export const ZServices = z.object({ dexpoint: ZDexPoint });
export type TServices = z.infer<typeof ZServices>;

/** GET /api/v1/accounts/dexsafe_code/: the code that pairs the DexSafe wallet app with the partner. */
export const ZDexSafeCode = z.object({ code: z.string() });
export type TDexSafeCode = z.infer<typeof ZDexSafeCode>;

// ---- The wiki: Markdown articles per language, English as the fallback -----------------------------

export const WIKI_QUERY_MAX = 100;

/** `?lang=`: the reader's language (English when left out). */
export const ZWikiLanguageQuery = z.object({ lang: ZLanguage.default('en') });
export type TWikiLanguageQuery = z.infer<typeof ZWikiLanguageQuery>;

/** `?q=&lang=`: words to find in titles and texts. */
export const ZWikiSearchQuery = z.object({
  q: z.string({ error: MESSAGES.invalidValue }).trim().max(WIKI_QUERY_MAX, { error: MESSAGES.invalidValue }),
  lang: ZLanguage.default('en'),
});
export type TWikiSearchQuery = z.infer<typeof ZWikiSearchQuery>;

export const ZWikiSlugParams = z.object({
  slug: z.string().regex(/^[a-z0-9-]{1,60}$/, { error: MESSAGES.invalidValue }),
});
export type TWikiSlugParams = z.infer<typeof ZWikiSlugParams>;

/** An article in a list: `lang` is the language it is written in (English when `fallback`). */
export const ZWikiArticleSummary = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  category: z.enum(['guide', 'service']),
  lang: ZLanguage,
  fallback: z.boolean(),
});
export type TWikiArticleSummary = z.infer<typeof ZWikiArticleSummary>;

/** GET /api/v1/wiki/ */
export const ZWikiArticles = z.array(ZWikiArticleSummary);
export type TWikiArticles = z.infer<typeof ZWikiArticles>;

/** GET /api/v1/wiki/search/: the matches, best first, each with a piece of text around the words. */
export const ZWikiSearchResults = z.array(ZWikiArticleSummary.extend({ snippet: z.string() }));
export type TWikiSearchResults = z.infer<typeof ZWikiSearchResults>;

/** GET /api/v1/wiki/:slug/: the article's Markdown (the web renders it without raw HTML). */
export const ZWikiArticle = ZWikiArticleSummary.extend({ body: z.string() });
export type TWikiArticle = z.infer<typeof ZWikiArticle>;
