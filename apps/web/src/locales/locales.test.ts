import { MESSAGES } from '@portal/contracts';
import { describe, expect, test } from 'vitest';
import BT from './BT.json';
import en from './en.json';
import es from './es.json';
import italian from './it.json';
import pt from './pt.json';
import ru from './ru.json';
import TUV from './TUV.json';

/** Every language file besides English: each holds the interface texts and the server messages. */
const TRANSLATIONS: Record<string, unknown> = { pt, BT, ru, es, it: italian, TUV };

/** Keys whose value may stay exactly as in English: names, initials, currencies, codes. */
const ALLOWED_SAME_KEYS = new Set([
  'app.name',
  'app.initials',
  'fields.phonePlaceholder',
  'balances.usdt',
  'balances.dexnet',
  'admin.users.id',
  'admin.users.mfa',
  // "Bronze" is Portuguese too.
  'dashboard.qualification.ranks.Bronze',
]);

/** Words no language translates: once they and the placeholders are removed, nothing is left to translate. */
const BRAND_WORDS = [
  'Partner Portal',
  'PP',
  'USDT',
  'DexNet',
  'DexPoint',
  'DexSafe',
  'ProfiXone',
  'Telegram',
  'DFT',
  'DXN',
  'VP',
  '2FA',
  'ID',
  'JSON',
  'QR',
];

/** How many other values a language may keep in English (e.g. "Wiki", "Total: {{count}}"). */
const MAX_SAME_AS_ENGLISH = 5;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** Every leaf of a nested texts object, by its dotted key; a leaf is anything that is not an object. */
function flatten(tree: unknown, prefix = ''): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) {
    leaves.set(prefix, tree);
    return leaves;
  }
  for (const [key, value] of Object.entries(tree)) {
    for (const [path, leaf] of flatten(value, prefix ? `${prefix}.${key}` : key)) leaves.set(path, leaf);
  }
  return leaves;
}

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]!))].sort();
}

/** True for a text that has nothing to translate: only placeholders, brand words, digits and punctuation. */
function nothingToTranslate(text: string): boolean {
  let rest = text.replace(PLACEHOLDER, ' ');
  for (const word of BRAND_WORDS) rest = rest.split(word).join(' ');
  return !/\p{L}/u.test(rest);
}

const englishTexts = flatten(en);
/** The English server messages as the interface sees them: {x} written as i18next's {{x}}. */
const englishMessages = new Map(
  Object.entries(MESSAGES).map(([key, text]) => [`messages.${key}`, text.replace(/\{(\w+)\}/g, '{{$1}}')]),
);
const englishAll = new Map<string, unknown>([...englishTexts, ...englishMessages]);

describe('en.json', () => {
  test('holds only non-empty strings and no "messages" object (English messages come from the catalogue)', () => {
    expect(Object.keys(en)).not.toContain('messages');
    for (const [key, value] of englishTexts) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });
});

describe.each(Object.entries(TRANSLATIONS))('%s.json', (language, translation) => {
  const texts = flatten(translation);

  test('has exactly the keys of en.json plus "messages" with exactly the keys of MESSAGES', () => {
    const missing = [...englishAll.keys()].filter((key) => !texts.has(key));
    const extra = [...texts.keys()].filter((key) => !englishAll.has(key));
    expect(missing, `${language}: missing keys`).toEqual([]);
    expect(extra, `${language}: keys English does not have`).toEqual([]);
    expect(Object.keys((translation as { messages?: object }).messages ?? {}).sort()).toEqual(
      Object.keys(MESSAGES).sort(),
    );
  });

  test('every value is a non-empty string', () => {
    for (const [key, value] of texts) {
      expect(typeof value, `${language}: ${key}`).toBe('string');
      expect((value as string).trim(), `${language}: ${key}`).not.toBe('');
    }
  });

  test('every value has the same placeholders as its English source, and no stray braces', () => {
    for (const [key, source] of englishAll) {
      const value = texts.get(key);
      if (typeof value !== 'string' || typeof source !== 'string') continue;
      expect(placeholders(value), `${language}: ${key}`).toEqual(placeholders(source));
      expect(value.replace(PLACEHOLDER, ''), `${language}: ${key} has a malformed placeholder`).not.toMatch(
        /[{}]/,
      );
    }
  });

  test(`keeps at most ${MAX_SAME_AS_ENGLISH} values in English besides the allowed ones`, () => {
    const same = [...englishAll].filter(
      ([key, source]) =>
        texts.get(key) === source &&
        !ALLOWED_SAME_KEYS.has(key) &&
        !(typeof source === 'string' && nothingToTranslate(source)),
    );
    expect(
      same.length,
      `${language}: values identical to English: ${same.map(([key]) => key).join(', ')}`,
    ).toBeLessThanOrEqual(MAX_SAME_AS_ENGLISH);
  });
});

test('the test itself: the allowance keys exist in en.json', () => {
  for (const key of ALLOWED_SAME_KEYS) expect(englishTexts.has(key), key).toBe(true);
});
