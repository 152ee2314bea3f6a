import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  LANGUAGES,
  LEGAL_DOCUMENTS,
  LEGAL_FALLBACK_HEADER,
  LOCALE_OF,
  type TLegalDocuments,
} from '@portal/contracts';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLegalPdfs } from '../../src/modules/legal/build';
import type { TLegalManifest } from '../../src/modules/legal/manifest';
import { renderLegalPdf } from '../../src/modules/legal/pdf';
import { parseLegalSource } from '../../src/modules/legal/source';
import { testApp } from '../helpers/app';

/** The sources in the repository, rendered as the build renders them. */
const CONTENT = join(import.meta.dirname, '..', '..', '..', '..', 'content', 'legal');
const out = mkdtempSync(join(tmpdir(), 'portal-legal-'));
let manifest: TLegalManifest;
beforeAll(async () => {
  manifest = await buildLegalPdfs({ contentDir: CONTENT, outDir: out });
}, 60_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

const sources = readdirSync(CONTENT).flatMap((language) =>
  readdirSync(join(CONTENT, language)).map((file) => ({ language, document: file.replace(/\.md$/, '') })),
);

describe('the build', () => {
  it('has every document in English, the fallback', () => {
    for (const document of LEGAL_DOCUMENTS) expect(manifest.documents[document]?.en, document).toBeDefined();
  });

  it('has every document in every language, with a title of its own and the sections of the English', () => {
    const read = (language: string, document: string) => {
      const file = join(CONTENT, language, `${document}.md`);
      expect(existsSync(file), `${language}/${document}.md`).toBe(true);
      return parseLegalSource(readFileSync(file, 'utf8'), `${language}/${document}.md`);
    };
    const headings = (source: ReturnType<typeof parseLegalSource>) =>
      source.blocks.filter((block) => block.kind === 'heading').length;
    for (const document of LEGAL_DOCUMENTS) {
      const english = read('en', document);
      for (const language of LANGUAGES) {
        const source = read(language, document);
        if (language !== 'en') expect(source.title, `${language}/${document}`).not.toBe(english.title);
        expect(headings(source), `${language}/${document}`).toBe(headings(english));
        expect(manifest.documents[document]?.[language]?.title, `${language}/${document}`).toBe(source.title);
      }
    }
  });

  it.each(sources)(
    'renders $language/$document into a PDF with its title, pages and an embedded font',
    async ({ language, document }) => {
      const source = parseLegalSource(
        readFileSync(join(CONTENT, language, `${document}.md`), 'utf8'),
        document,
      );
      const bytes = readFileSync(join(out, language, `${document}.pdf`));
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
      expect(pdf.getPageCount()).toBeGreaterThan(0);
      expect(pdf.getTitle()).toBe(source.title);
      expect(pdf.getCreationDate()?.toISOString()).toBe(`${source.effective}T00:00:00.000Z`);
      // The font travels with the file (DejaVu Sans, its used glyphs): no font of the reader's machine is needed.
      expect(bytes.includes('/FontFile2')).toBe(true);
      expect(manifest.documents[document as 'user-agreement']?.[language as 'en']?.title).toBe(source.title);
    },
  );

  it('gives the same bytes for the same sources', async () => {
    const again = mkdtempSync(join(tmpdir(), 'portal-legal-'));
    try {
      await buildLegalPdfs({ contentDir: CONTENT, outDir: again });
      for (const { language, document } of sources) {
        const file = join(language, `${document}.pdf`);
        expect(readFileSync(join(again, file)).equals(readFileSync(join(out, file))), file).toBe(true);
      }
    } finally {
      rmSync(again, { recursive: true, force: true });
    }
  }, 60_000);

  it("reads its Markdown with the wiki's reader, as plain text, and refuses a table the PDF cannot show", async () => {
    const front = '---\ntitle: "Terms: all"\nversion: 1.0\neffective: 2026-01-01\n---\n';
    const source = parseLegalSource(
      `${front}## 1. **Scope**\n\nThe _Portal_\nand [its site](https://example.com).\n\n- a long\n  clause\n- b\n\n1. first\n2. second\n`,
      'x.md',
    );
    expect(source.title).toBe('Terms: all');
    expect(source.blocks).toEqual([
      { kind: 'heading', text: '1. Scope' },
      { kind: 'paragraph', text: 'The Portal and its site.' },
      { kind: 'item', marker: '•', text: 'a long clause' },
      { kind: 'item', marker: '•', text: 'b' },
      { kind: 'item', marker: '1.', text: 'first' },
      { kind: 'item', marker: '2.', text: 'second' },
    ]);
    const pdf = await PDFDocument.load(await renderLegalPdf(source, 'en'), { updateMetadata: false });
    expect(pdf.getTitle()).toBe('Terms: all');
    expect(() => parseLegalSource(`${front}| a | b |\n|---|---|\n| 1 | 2 |\n`, 'x.md')).toThrow(/table/);
  });

  it('refuses a source without front matter', () => {
    expect(() => parseLegalSource('# Title\n\nText', 'x.md')).toThrow(/front matter/);
    expect(() => parseLegalSource('---\ntitle: T\nversion: 1\neffective: soon\n---\ntext', 'x.md')).toThrow(
      /effective/,
    );
  });
});

describe('GET /legal/<language>/<document>.pdf', () => {
  it('answers every document in every language: its own PDF, or the English one, saying which', async () => {
    const app = await testApp({ config: { legalDir: out } });
    for (const document of LEGAL_DOCUMENTS) {
      for (const language of LANGUAGES) {
        const response = await app.inject({ method: 'GET', url: `/legal/${language}/${document}.pdf` });
        const own = manifest.documents[document]?.[language] !== undefined;
        const served = own ? language : 'en';
        expect(response.statusCode, `${language}/${document}`).toBe(200);
        expect(response.headers['content-type']).toBe('application/pdf');
        expect(response.headers['content-language']).toBe(LOCALE_OF[served]);
        expect(response.headers[LEGAL_FALLBACK_HEADER.toLowerCase()]).toBe(own ? 'false' : 'true');
        expect(response.headers['cache-control']).toBe('public, max-age=3600');
        expect(response.rawPayload.equals(readFileSync(join(out, served, `${document}.pdf`)))).toBe(true);
        expect(response.headers['content-disposition']).toBe(`inline; filename="${document}-${served}.pdf"`);
      }
    }
  });

  it('answers the English PDF, saying so, for a document a language lacks', async () => {
    const content = mkdtempSync(join(tmpdir(), 'portal-legal-content-'));
    const partial = mkdtempSync(join(tmpdir(), 'portal-legal-'));
    try {
      cpSync(CONTENT, content, { recursive: true });
      rmSync(join(content, 'TUV', 'user-agreement.md'));
      const built = await buildLegalPdfs({ contentDir: content, outDir: partial });
      expect(built.documents['user-agreement']?.TUV).toBeUndefined();
      const app = await testApp({ config: { legalDir: partial } });
      const response = await app.inject({ method: 'GET', url: '/legal/TUV/user-agreement.pdf' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-language']).toBe(LOCALE_OF.en);
      expect(response.headers[LEGAL_FALLBACK_HEADER.toLowerCase()]).toBe('true');
      expect(response.rawPayload.equals(readFileSync(join(partial, 'en', 'user-agreement.pdf')))).toBe(true);
      const own = await app.inject({ method: 'GET', url: '/legal/TUV/cookie-policy.pdf' });
      expect(own.headers[LEGAL_FALLBACK_HEADER.toLowerCase()]).toBe('false');
    } finally {
      rmSync(content, { recursive: true, force: true });
      rmSync(partial, { recursive: true, force: true });
    }
  }, 60_000);

  it('answers 304 to a reader who has the same version', async () => {
    const app = await testApp({ config: { legalDir: out } });
    const first = await app.inject({ method: 'GET', url: '/legal/ru/user-agreement.pdf' });
    const etag = String(first.headers.etag);
    const again = await app.inject({
      method: 'GET',
      url: '/legal/ru/user-agreement.pdf',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 404 (400, 414) to unknown documents and languages and to every path trick, never a file outside the list', async () => {
    const app = await testApp({ config: { legalDir: out } });
    for (const url of [
      '/legal/en/terms.pdf',
      '/legal/en/user-agreement',
      '/legal/en/user-agreement.PDF',
      '/legal/de/user-agreement.pdf',
      '/legal/EN/user-agreement.pdf',
      '/legal/en/index.json',
      '/legal/en/..%2Findex.json',
      '/legal/..%2F..%2Fpackage.json/x.pdf',
      '/legal/en/..%2F..%2F..%2F..%2Fpackage.json%00.pdf',
      '/legal/en/%2e%2e%2fru%2fuser-agreement.pdf',
      '/legal/en/user-agreement.pdf%00',
      '/legal/../en/user-agreement.pdf',
      '/legal/en/%00.pdf',
      `/legal/en/${'x'.repeat(5000)}.pdf`,
      '/legal/en/',
      '/legal/',
      '/legal',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect([400, 404, 414], url).toContain(response.statusCode);
      expect(response.headers['content-type'], url).not.toBe('application/pdf');
    }
  });

  it('answers 404 for every document when nothing was built', async () => {
    const app = await testApp({ config: { legalDir: join(out, 'nowhere') } });
    const response = await app.inject({ method: 'GET', url: '/legal/en/user-agreement.pdf' });
    expect(response.statusCode).toBe(404);
    const list = await app.inject({ method: 'GET', url: '/api/v1/legal/' });
    expect(list.json()).toEqual({ documents: [] });
  });
});

describe('GET /api/v1/legal/', () => {
  it('lists every document in every language with the language it is served in and its title', async () => {
    const app = await testApp({ config: { legalDir: out } });
    const response = await app.inject({ method: 'GET', url: '/api/v1/legal/' });
    expect(response.statusCode).toBe(200);
    const { documents } = response.json<TLegalDocuments>();
    expect(documents.map((entry) => entry.document)).toEqual([...LEGAL_DOCUMENTS]);
    for (const entry of documents) {
      expect(entry.versions.map((version) => version.language)).toEqual([...LANGUAGES]);
      for (const version of entry.versions) {
        const own = manifest.documents[entry.document]?.[version.language];
        expect(version.served_language).toBe(own ? version.language : 'en');
        expect(version.url).toBe(`/legal/${version.language}/${entry.document}.pdf`);
        expect(version.title.length).toBeGreaterThan(0);
      }
    }
  });
});
