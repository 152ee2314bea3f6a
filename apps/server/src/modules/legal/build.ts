import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_LANGUAGE, isLanguage, isLegalDocument, LEGAL_DOCUMENTS } from '@portal/contracts';
import { renderLegalPdf } from './pdf';
import { LegalSourceError, parseLegalSource } from './source';
import { type TLegalManifest, MANIFEST } from './manifest';

/**
 * Renders every source under `contentDir` (<language>/<document>.md) to `outDir`
 * (<language>/<document>.pdf) with the manifest the server reads (which language has which
 * document, with its title). English must have every document: it is the fallback.
 * Run by the server's build (apps/server/build.mjs); the tests run it into a temporary folder.
 */
export async function buildLegalPdfs(options: {
  contentDir: string;
  outDir: string;
}): Promise<TLegalManifest> {
  const { contentDir, outDir } = options;
  const manifest: TLegalManifest = { documents: {} };
  const jobs: Promise<void>[] = [];
  await rm(outDir, { recursive: true, force: true });
  for (const language of (await readdir(contentDir)).sort()) {
    if (!isLanguage(language)) throw new LegalSourceError(`${language}: not a language (${contentDir})`);
    await mkdir(join(outDir, language), { recursive: true });
    for (const file of (await readdir(join(contentDir, language))).sort()) {
      const document = file.replace(/\.md$/, '');
      if (!file.endsWith('.md') || !isLegalDocument(document)) {
        throw new LegalSourceError(`${language}/${file}: not one of ${LEGAL_DOCUMENTS.join(', ')} (.md)`);
      }
      const source = parseLegalSource(
        await readFile(join(contentDir, language, file), 'utf8'),
        `${language}/${file}`,
      );
      (manifest.documents[document] ??= {})[language] = {
        title: source.title,
        version: source.version,
        effective: source.effective,
      };
      jobs.push(
        renderLegalPdf(source, language).then((pdf) =>
          writeFile(join(outDir, language, `${document}.pdf`), pdf),
        ),
      );
    }
  }
  const missing = LEGAL_DOCUMENTS.filter((document) => !manifest.documents[document]?.[DEFAULT_LANGUAGE]);
  if (missing.length)
    throw new LegalSourceError(`English lacks ${missing.join(', ')}: it is every document's fallback`);
  await Promise.all(jobs);
  await writeFile(join(outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
