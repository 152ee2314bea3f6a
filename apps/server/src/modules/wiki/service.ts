import type {
  TLanguage,
  TWikiArticle,
  TWikiArticles,
  TWikiArticleSummary,
  TWikiSearchResults,
} from '@portal/contracts';
import { markdownText, parseMarkdown } from '@portal/contracts/markdown';
import { fail } from '../../http/errors';
import type { TWikiEntry, TWikiFile } from './content';

const SEARCH_LIMIT = 20;
const SNIPPET_AROUND = 80;

/** The reader's version of an article: in their language, else the English original. */
function versionOf(entry: TWikiEntry, lang: TLanguage): TWikiFile {
  return entry.versions[lang] ?? entry.versions.en!;
}

function summaryOf(entry: TWikiEntry, lang: TLanguage): TWikiArticleSummary {
  const file = versionOf(entry, lang);
  return {
    slug: entry.slug,
    title: file.title,
    summary: file.summary,
    category: entry.category,
    lang: file.lang,
    fallback: file.lang !== lang,
  };
}

/**
 * An article's words without Markdown's marks, for search and snippets: read by the reader that the
 * web renders with, so a snippet quotes what the article shows.
 */
const plain = (markdown: string) => markdownText(parseMarkdown(markdown));

/**
 * Text folded for matching (lower case, accents off: "deposito" finds "depósito"), with the index
 * in the original text of each folded character, so a snippet is cut from the original.
 */
function fold(text: string): { folded: string; at: number[] } {
  let folded = '';
  const at: number[] = [];
  let index = 0;
  for (const char of text) {
    const part = char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    for (let i = 0; i < part.length; i += 1) at.push(index);
    folded += part;
    index += char.length;
  }
  return { folded, at };
}

const words = (query: string) => [
  ...new Set(
    fold(query)
      .folded.split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  ),
];

function count(haystack: string, needle: string): number {
  let n = 0;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) n += 1;
  return n;
}

function snippet(text: string, foldedText: { folded: string; at: number[] }, needle: string): string {
  const found = foldedText.folded.indexOf(needle);
  if (found === -1) return text.slice(0, SNIPPET_AROUND * 2) + (text.length > SNIPPET_AROUND * 2 ? '…' : '');
  const start = Math.max(0, (foldedText.at[found] ?? 0) - SNIPPET_AROUND);
  const end = Math.min(text.length, (foldedText.at[found] ?? 0) + SNIPPET_AROUND);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

/** The wiki: articles kept in the repository (content.ts), read in the reader's language or in English. */
export function createWiki(entries: TWikiEntry[]) {
  const bySlug = new Map(entries.map((entry) => [entry.slug, entry]));
  // What search looks through, folded once per article version.
  const indexed = new Map(
    entries.flatMap((entry) =>
      Object.values(entry.versions).map((file) => {
        const text = plain(file.body);
        return [file, { text, title: fold(file.title).folded, body: fold(text) }] as const;
      }),
    ),
  );

  return {
    list: (lang: TLanguage): TWikiArticles => entries.map((entry) => summaryOf(entry, lang)),

    article(slug: string, lang: TLanguage): TWikiArticle {
      const entry = bySlug.get(slug);
      if (!entry) throw fail.notFound();
      return { ...summaryOf(entry, lang), body: versionOf(entry, lang).body };
    },

    /** Articles whose title or text holds every word, as the reader sees them; title matches first. */
    search(query: string, lang: TLanguage): TWikiSearchResults {
      const wanted = words(query);
      if (wanted.length === 0) return [];
      const found = [];
      for (const entry of entries) {
        const file = versionOf(entry, lang);
        const index = indexed.get(file)!;
        const all = `${index.title} ${index.body.folded}`;
        if (!wanted.every((word) => all.includes(word))) continue;
        const score = wanted.reduce(
          (sum, word) => sum + 10 * count(index.title, word) + count(index.body.folded, word),
          0,
        );
        found.push({
          score,
          result: { ...summaryOf(entry, lang), snippet: snippet(index.text, index.body, wanted[0]!) },
        });
      }
      return found
        .sort((a, b) => b.score - a.score)
        .slice(0, SEARCH_LIMIT)
        .map(({ result }) => result);
    },
  };
}

export type TWiki = ReturnType<typeof createWiki>;
