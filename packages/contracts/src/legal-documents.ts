import type { TLanguage } from './language-codes';

/**
 * The legal documents (spec section 1), served as PDFs per language with English as fallback
 * (docs/decisions.md "Legal documents"). A fixed list: the server serves nothing else.
 */
export const LEGAL_DOCUMENTS = [
  'code-of-ethics',
  'contract-offer',
  'cookie-policy',
  'partnership-agreement',
  'privacy-policy',
  'tax-obligation-agreement',
  'user-agreement',
] as const;

export type TLegalDocument = (typeof LEGAL_DOCUMENTS)[number];

/** Whether `value` names one of the legal documents. */
export const isLegalDocument = (value: unknown): value is TLegalDocument =>
  (LEGAL_DOCUMENTS as readonly unknown[]).includes(value);

/**
 * The stable address of a document in a language: that language's PDF, or the English one when
 * the language has none (the answer's Content-Language says which).
 */
export const legalDocumentUrl = (document: TLegalDocument, language: TLanguage): string =>
  `/legal/${language}/${document}.pdf`;

/** The header of a legal PDF's answer that tells whether it is the English fallback. */
export const LEGAL_FALLBACK_HEADER = 'X-Legal-Fallback';
