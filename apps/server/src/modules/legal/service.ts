import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  isLegalDocument,
  LANGUAGES,
  LEGAL_DOCUMENTS,
  legalDocumentUrl,
  type TLanguage,
  type TLegalDocument,
  type TLegalDocuments,
} from '@portal/contracts';
import { fail } from '../../http/errors';
import { MANIFEST, type TLegalManifest, type TLegalMeta } from './manifest';

export type TLegalPdf = {
  document: TLegalDocument;
  /** The language asked for. */
  language: TLanguage;
  /** The language of the PDF: the one asked for, or English when it has no such document. */
  served: TLanguage;
  body: Buffer;
  etag: string;
};

/**
 * The legal PDFs the build rendered into `dir` (apps/server/dist/legal; docs/decisions.md
 * "Legal documents"). Only names from the fixed lists reach the file system: a document and a
 * language are looked up in LEGAL_DOCUMENTS and LANGUAGES first, so no path can be smuggled in.
 */
export function createLegal(deps: { dir: string | null }) {
  let manifest: Promise<TLegalManifest> | null = null;
  const files = new Map<string, Promise<{ body: Buffer; etag: string }>>();

  /** The manifest, read once; without a build (no folder or no manifest) there are no documents. */
  const readManifest = () =>
    (manifest ??= deps.dir
      ? readFile(join(deps.dir, MANIFEST), 'utf8').then(
          (text) => JSON.parse(text) as TLegalManifest,
          () => ({ documents: {} }),
        )
      : Promise.resolve({ documents: {} }));

  /** Which language a reader of `language` gets `document` in, with its title; null: not built. */
  const resolve = (m: TLegalManifest, document: TLegalDocument, language: TLanguage) => {
    const versions = m.documents[document] ?? {};
    const own = versions[language];
    if (own) return { served: language, meta: own };
    const fallback = versions[DEFAULT_LANGUAGE];
    return fallback ? { served: DEFAULT_LANGUAGE as TLanguage, meta: fallback } : null;
  };

  const readPdf = (document: TLegalDocument, served: TLanguage) => {
    const key = `${served}/${document}`;
    let file = files.get(key);
    if (!file) {
      file = readFile(join(deps.dir!, served, `${document}.pdf`)).then((body) => ({
        body,
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      }));
      file.catch(() => files.delete(key));
      files.set(key, file);
    }
    return file;
  };

  return {
    /** The PDF of `document` for a reader of `language`: 404 for anything not on the lists. */
    async pdf(language: string, document: string): Promise<TLegalPdf> {
      if (!isLanguage(language) || !isLegalDocument(document)) throw fail.notFound();
      const found = resolve(await readManifest(), document, language);
      if (!found) throw fail.notFound();
      const file = await readPdf(document, found.served).catch(() => {
        throw fail.notFound();
      });
      return { document, language, served: found.served, ...file };
    },

    /** Every document in every language: the language served, the title and the address. */
    async list(): Promise<TLegalDocuments> {
      const m = await readManifest();
      return {
        documents: LEGAL_DOCUMENTS.flatMap((document) => {
          const versions = LANGUAGES.flatMap((language) => {
            const found = resolve(m, document, language);
            return found ? [version(document, language, found.served, found.meta)] : [];
          });
          return versions.length ? [{ document, versions }] : [];
        }),
      };
    },
  };
}

const version = (document: TLegalDocument, language: TLanguage, served: TLanguage, meta: TLegalMeta) => ({
  language,
  served_language: served,
  title: meta.title,
  version: meta.version,
  effective: meta.effective,
  url: legalDocumentUrl(document, language),
});

export type TLegal = ReturnType<typeof createLegal>;
