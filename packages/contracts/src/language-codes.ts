/** The interface languages (spec): English is the default and the fallback. */
export const LANGUAGES = ['en', 'pt', 'BT', 'ru', 'es', 'it', 'TUV'] as const;
export const DEFAULT_LANGUAGE = 'en';

export type TLanguage = (typeof LANGUAGES)[number];

/** Whether `value` is one of the interface languages (what `ZLanguage` accepts). */
export const isLanguage = (value: unknown): value is TLanguage =>
  (LANGUAGES as readonly unknown[]).includes(value);

/** The language `value` names, else English (what `ZLanguage.catch(DEFAULT_LANGUAGE)` gives). */
export const languageOr = (value: unknown): TLanguage => (isLanguage(value) ? value : DEFAULT_LANGUAGE);

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
