import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, languageOr, ZLanguage } from './languages';

describe('languages', () => {
  it('isLanguage (without zod, for the first screen of the web) accepts exactly what ZLanguage accepts', () => {
    for (const value of [...LANGUAGES, 'EN', 'pt-BR', 'de', '', ' en', null, undefined, 1, {}]) {
      expect(isLanguage(value), JSON.stringify(value)).toBe(ZLanguage.safeParse(value).success);
    }
  });

  it('languageOr gives what ZLanguage.catch(DEFAULT_LANGUAGE) gives', () => {
    for (const value of [...LANGUAGES, 'EN', 'pt-BR', 'de', '', null, undefined, 1]) {
      expect(languageOr(value), JSON.stringify(value)).toBe(ZLanguage.catch(DEFAULT_LANGUAGE).parse(value));
    }
    expect(languageOr('ru')).toBe('ru');
    expect(languageOr('de')).toBe('en');
  });
});
