import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGUAGES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { findWikiDir, loadWiki } from '../../src/modules/wiki/content';
import { createWiki } from '../../src/modules/wiki/service';
import { call, testApp, type TTestApp } from '../helpers/app';
import { registerPartner } from '../helpers/factories';

const get = async (app: TTestApp, token: string, url: string) => {
  const answer = await call(app, 'GET', url, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

/** A content folder of `files` (path under it -> text). */
function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'wiki-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const ENGLISH = '---\ntitle: Deposits\nsummary: Top up.\ncategory: guide\norder: 1\n---\nSend USDT.\n';

describe('wiki content in the repository', () => {
  it('every article has an English original and well-formed front matter', () => {
    const entries = loadWiki(findWikiDir());
    expect(entries.filter((entry) => entry.category === 'guide').length).toBeGreaterThanOrEqual(6);
    for (const slug of ['cloud-storage', 'mobile-operator']) {
      expect(entries.find((entry) => entry.slug === slug)?.category).toBe('service');
    }
    for (const entry of entries) {
      for (const lang of Object.keys(entry.versions)) expect(LANGUAGES).toContain(lang);
    }
  });

  it('refuses a translation without its English original, and malformed front matter', () => {
    expect(() =>
      loadWiki(folder({ 'en/a.md': ENGLISH, 'ru/b.md': '---\ntitle: Б\nsummary: Б\n---\nТекст\n' })),
    ).toThrow(/no English original b\.md/);
    expect(() => loadWiki(folder({ 'en/a.md': 'title: A\n\nText' }))).toThrow(/no front matter/);
    expect(() => loadWiki(folder({ 'en/a.md': ENGLISH.replace('order: 1', 'order 1') }))).toThrow(
      /malformed/,
    );
    expect(() => loadWiki(folder({ 'en/a.md': ENGLISH.replace('summary: Top up.\n', '') }))).toThrow(
      /"summary"/,
    );
    expect(() => loadWiki(folder({ 'en/a.md': ENGLISH, 'xx/a.md': ENGLISH }))).toThrow(
      /not an interface language/,
    );
    expect(() => loadWiki(folder({ 'en/A b.md': ENGLISH }))).toThrow(/slug/);
    expect(
      loadWiki(
        folder({
          'en/a.md': ENGLISH,
          'it/a.md': '---\ntitle: Depositi\nsummary: Ricarica.\n---\nInvia USDT.\n',
        }),
      ),
    ).toHaveLength(1);
  });
});

describe('wiki search text', () => {
  it("is the article's words as the web shows them: no marks, no table rule, a link's text", () => {
    const body =
      '## Depth\n\nChoose _before_ you **invite**, see [the plan](/wiki/plan).\n\n| Tariff | Levels |\n|---|---|\n| 500 | 3 |\n';
    const file = { slug: 'a', lang: 'en' as const, title: 'A', summary: 'S', body };
    const wiki = createWiki([{ slug: 'a', category: 'guide', order: 1, versions: { en: file } }]);
    expect(wiki.search('depth', 'en')[0]?.snippet).toBe(
      'Depth Choose before you invite, see the plan. Tariff Levels 500 3',
    );
    expect(wiki.search('wiki', 'en')).toEqual([]);
    // The article itself is served as written: the web reads it with the same reader.
    expect(wiki.article('a', 'en').body).toBe(body);
  });
});

describe('wiki calls', () => {
  it('lists, opens and searches in the reader language, with the English original where it lacks one', async () => {
    const app = await testApp();
    const { token } = await registerPartner(app);
    const english = await get(app, token, '/api/v1/wiki/?lang=en');
    expect(english.length).toBeGreaterThanOrEqual(8);
    expect(
      english.every(
        (article: { fallback: boolean; lang: string }) => !article.fallback && article.lang === 'en',
      ),
    ).toBe(true);

    const article = await get(app, token, '/api/v1/wiki/binary-bonus/?lang=ru');
    expect(article).toMatchObject({ slug: 'binary-bonus', lang: 'ru', fallback: false });
    expect(article.body).toContain('10%');

    // Tuvan has no matching article yet: the English one, marked.
    const fallback = await get(app, token, '/api/v1/wiki/matching-bonus/?lang=TUV');
    expect(fallback).toMatchObject({ lang: 'en', fallback: true, title: 'The matching bonus' });

    const found = await get(app, token, '/api/v1/wiki/search/?q=BEP-20&lang=en');
    expect(found[0]).toMatchObject({ slug: 'deposits-withdrawals' });
    expect(found[0].snippet).toContain('BEP-20');
    // Accents do not matter, and every word must be found.
    const accents = await get(app, token, '/api/v1/wiki/search/?q=deposito&lang=pt');
    expect(accents.map((result: { slug: string }) => result.slug)).toContain('deposits-withdrawals');
    expect(await get(app, token, '/api/v1/wiki/search/?q=binary%20zzzz&lang=en')).toEqual([]);
    expect(await get(app, token, '/api/v1/wiki/search/?q=&lang=en')).toEqual([]);
    // A fallback article is found by its English text.
    const tuvan = await get(app, token, '/api/v1/wiki/search/?q=compression&lang=TUV');
    expect(tuvan[0]).toMatchObject({ slug: 'matching-bonus', fallback: true });
  });

  it('answers 404 for an unknown article, 400 for a bad language, and 401 without a sign-in', async () => {
    const app = await testApp();
    const { token } = await registerPartner(app);
    expect((await call(app, 'GET', '/api/v1/wiki/nothing-here/', { token })).status).toBe(404);
    expect((await call(app, 'GET', '/api/v1/wiki/?lang=xx', { token })).status).toBe(400);
    expect((await call(app, 'GET', `/api/v1/wiki/search/?q=${'a'.repeat(101)}`, { token })).status).toBe(400);
    expect((await call(app, 'GET', '/api/v1/wiki/')).status).toBe(401);
  });
});
