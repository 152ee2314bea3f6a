import type { TLanguage, TLegalDocument } from '@portal/contracts';

/** The file beside the PDFs that says which language has which document. */
export const MANIFEST = 'index.json';

export type TLegalMeta = { title: string; version: string; effective: string };

export type TLegalManifest = {
  documents: Partial<Record<TLegalDocument, Partial<Record<TLanguage, TLegalMeta>>>>;
};
