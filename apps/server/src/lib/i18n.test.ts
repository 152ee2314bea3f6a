import { LANGUAGES, ORDER_STATUSES, WITHDRAWAL_STATUSES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { escapeHtml, SERVER_CATALOGUES, serverText } from './i18n';

/** Every leaf of a catalogue by its dotted key. */
function leaves(tree: object, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [path, leaf] of leaves(value as object, `${prefix}${key}.`)) found.set(path, leaf);
    } else found.set(`${prefix}${key}`, value);
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const english = leaves(SERVER_CATALOGUES.en);

/**
 * No language falls back to English by design: every one of the 7 has every key, so a missing
 * translation fails here rather than reaching a partner in English.
 */
describe.each(LANGUAGES)('the server catalogue in %s', (language) => {
  const texts = leaves(SERVER_CATALOGUES[language]);

  it('has exactly the keys of English', () => {
    expect(
      [...english.keys()].filter((key) => !texts.has(key)),
      'missing',
    ).toEqual([]);
    expect(
      [...texts.keys()].filter((key) => !english.has(key)),
      'not in English',
    ).toEqual([]);
  });

  it('holds non-empty strings with the placeholders of English and no stray braces', () => {
    for (const [key, value] of texts) {
      expect(typeof value, key).toBe('string');
      const text = value as string;
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(english.get(key) as string));
      expect(text.replace(/\{\{\s*\w+\s*\}\}/g, ''), key).not.toMatch(/[{}]|\$t\(/);
    }
  });

  it('is the text serverText gives in that language', () => {
    for (const [key, value] of texts) {
      const names = placeholders(value as string);
      const values = Object.fromEntries(names.map((name) => [name, `<${name}>`]));
      const expected = (value as string).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => `<${name}>`);
      expect(serverText(language, key as never, values), key).toBe(expected);
    }
  });
});

describe('the server catalogue', () => {
  it('names every withdrawal and order status the contracts know, and no other', () => {
    const keysUnder = (prefix: string) =>
      [...english.keys()].filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
    expect(keysUnder('notice.withdrawal.').sort()).toEqual([...WITHDRAWAL_STATUSES].sort());
    expect(keysUnder('notice.orderStatus.').sort()).toEqual([...ORDER_STATUSES].sort());
  });
});

describe('serverText', () => {
  it('answers in English for a language the portal does not have', () => {
    for (const language of ['xx', 'pt-BR', 'RU', '', null, undefined]) {
      expect(serverText(language, 'pdf.version')).toBe('Version');
    }
    expect(serverText('ru', 'pdf.version')).toBe('Редакция');
  });

  it('puts values in as they are: never escaped, never read as placeholders or nested keys', () => {
    const name = `<b>"A" & 'B'</b> {{app}} {{- app}} {app} $t(pdf.version) $t(bot.linked, {"lng": "ru"})`;
    expect(serverText('en', 'mail.hello', { name, app: 'Portal' })).toBe(`Hello ${name},`);
    expect(serverText('en', 'notice.order', { number: '{{status}}', status: '$t(pdf.version)' })).toBe(
      'Order {{status}}: $t(pdf.version).',
    );
  });

  it('an option-like value name is a value, not an option of t()', () => {
    expect(serverText('ru', 'mail.hello', { name: 'N', lng: 'en', ns: 'other' })).toBe('Здравствуйте, N!');
  });
});

describe('escapeHtml', () => {
  it('writes the five HTML characters as references, once', () => {
    expect(escapeHtml(`<a href="x">'&amp;'</a>`)).toBe(
      '&#60;a href=&#34;x&#34;&#62;&#39;&#38;amp;&#39;&#60;/a&#62;',
    );
  });
});
