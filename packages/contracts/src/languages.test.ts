import { describe, expect, it } from 'vitest';
import { isLanguage, LANGUAGES, ZLanguage } from './languages';

describe('languages', () => {
  it('isLanguage (without zod, for the first screen of the web) accepts exactly what ZLanguage accepts', () => {
    for (const value of [...LANGUAGES, 'EN', 'pt-BR', 'de', '', ' en', null, undefined, 1, {}]) {
      expect(isLanguage(value), JSON.stringify(value)).toBe(ZLanguage.safeParse(value).success);
    }
  });
});
