import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE, isLanguage, type TLanguage } from '@portal/contracts';
import { parseFrontMatter } from '@portal/contracts/markdown';

/** One article file: apps/server/content/wiki/<lang>/<slug>.md. */
export type TWikiFile = {
  slug: string;
  lang: TLanguage;
  title: string;
  summary: string;
  body: string;
};

/** An article in English, with its translations by language. */
export type TWikiEntry = {
  slug: string;
  category: 'guide' | 'service';
  order: number;
  versions: Partial<Record<TLanguage, TWikiFile>>;
};

export class WikiContentError extends Error {}

const SLUG = /^[a-z0-9-]{1,60}$/;

/** The wiki's folder, found from this file whether it runs from src/ or from dist/. */
export function findWikiDir(from = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'content', 'wiki');
    if (existsSync(join(candidate, DEFAULT_LANGUAGE))) return candidate;
    if (dirname(dir) === dir) throw new WikiContentError(`No content/wiki folder above ${from}`);
  }
}

/** The front matter and the text of a file (`@portal/contracts/markdown`, the one Markdown reader). */
function parseFile(path: string, text: string): { fields: Map<string, string>; body: string } {
  const read = parseFrontMatter(text);
  if ('error' in read) throw new WikiContentError(`${path}: ${read.error}`);
  const body = read.body.trim();
  if (!body) throw new WikiContentError(`${path}: no text`);
  return { fields: read.fields, body };
}

function required(path: string, fields: Map<string, string>, key: string): string {
  const value = fields.get(key);
  if (!value) throw new WikiContentError(`${path}: front matter needs "${key}"`);
  return value;
}

/**
 * Reads every article. Refuses (at start, and in the content test) a language folder that is not
 * an interface language, a translation without its English original, or malformed front matter:
 * English files carry title, summary, category and order; translations title and summary.
 */
export function loadWiki(dir: string): TWikiEntry[] {
  const entries = new Map<string, TWikiEntry>();
  const languages = readdirSync(dir).sort((a, b) =>
    a === DEFAULT_LANGUAGE ? -1 : b === DEFAULT_LANGUAGE ? 1 : a.localeCompare(b),
  );
  for (const lang of languages) {
    if (!isLanguage(lang)) throw new WikiContentError(`${join(dir, lang)}: not an interface language`);
    for (const name of readdirSync(join(dir, lang)).sort()) {
      const path = join(dir, lang, name);
      const slug = name.replace(/\.md$/, '');
      if (!name.endsWith('.md') || !SLUG.test(slug)) {
        throw new WikiContentError(`${path}: a file name is a slug (a-z, 0-9, -) and .md`);
      }
      const { fields, body } = parseFile(path, readFileSync(path, 'utf8'));
      const file: TWikiFile = {
        slug,
        lang,
        title: required(path, fields, 'title'),
        summary: required(path, fields, 'summary'),
        body,
      };
      if (lang === DEFAULT_LANGUAGE) {
        const category = required(path, fields, 'category');
        const order = Number(required(path, fields, 'order'));
        if (category !== 'guide' && category !== 'service') {
          throw new WikiContentError(`${path}: category is "guide" or "service"`);
        }
        if (!Number.isInteger(order)) throw new WikiContentError(`${path}: order is a whole number`);
        entries.set(slug, { slug, category, order, versions: { en: file } });
      } else {
        const entry = entries.get(slug);
        if (!entry) throw new WikiContentError(`${path}: no English original ${slug}.md`);
        entry.versions[lang] = file;
      }
    }
  }
  if (entries.size === 0) throw new WikiContentError(`${dir}: no English articles`);
  return [...entries.values()].sort(
    (a, b) => a.category.localeCompare(b.category) || a.order - b.order || a.slug.localeCompare(b.slug),
  );
}
