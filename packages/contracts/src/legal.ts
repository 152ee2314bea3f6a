import { z } from 'zod';
import { LANGUAGES } from './language-codes';
import { LEGAL_DOCUMENTS } from './legal-documents';

export * from './legal-documents';

/** One document in one language: the language served (its own or English) and its title. */
export const ZLegalVersion = z.object({
  language: z.enum(LANGUAGES),
  served_language: z.enum(LANGUAGES),
  title: z.string(),
  version: z.string(),
  effective: z.string(),
  url: z.string(),
});
export type TLegalVersion = z.infer<typeof ZLegalVersion>;

export const ZLegalDocumentEntry = z.object({
  document: z.enum(LEGAL_DOCUMENTS),
  versions: z.array(ZLegalVersion),
});
export type TLegalDocumentEntry = z.infer<typeof ZLegalDocumentEntry>;

/** GET /api/v1/legal/: every document in every language, with what each language gets. */
export const ZLegalDocuments = z.object({ documents: z.array(ZLegalDocumentEntry) });
export type TLegalDocuments = z.infer<typeof ZLegalDocuments>;
