import { z } from 'zod';
import { requiredOr } from './fields';
import { MESSAGES } from './messages';

/** The interface languages (spec): English is the default and the fallback. */
export const LANGUAGES = ['en', 'pt', 'BT', 'ru', 'es', 'it', 'TUV'] as const;
export const DEFAULT_LANGUAGE = 'en';

export const ZLanguage = z.enum(LANGUAGES, requiredOr(MESSAGES.languageInvalid));
export type TLanguage = z.infer<typeof ZLanguage>;

/** The BCP 47 tag for a language code, for Intl formatting. */
export const LOCALE_OF: Record<TLanguage, string> = {
  en: 'en',
  pt: 'pt-PT',
  BT: 'pt-BR',
  ru: 'ru',
  es: 'es',
  it: 'it',
  TUV: 'tyv',
};
