import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  LOCALE_OF,
  matchMessage,
  MESSAGES,
  type TLanguage,
  type TMessageKey,
} from '@portal/contracts/plain';
import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { formatAmount } from './format';
import type en from '../locales/en.json';
// Only the sections the public pages use ship with the first load (Vite's JSON named exports are
// tree-shaken); the signed-in frame adds the rest with `loadSignedInTexts` (first-load budget).
import { app, common, confirmEmail, fields, legal, login, recover, reset, signUp } from '../locales/en.json';

/** English server messages, from the one catalogue in contracts ({x} becomes i18next's {{x}}). */
const englishMessages = Object.fromEntries(
  Object.entries(MESSAGES).map(([key, text]) => [key, text.replace(/\{(\w+)\}/g, '{{$1}}')]),
) as Record<TMessageKey, string>;

/**
 * English is built in (it is the fallback of every other language), its public sections with the
 * first load and the signed-in screens' ones in a chunk of their own; each other language is a
 * chunk of its own, fetched when it is first shown, so a visitor downloads only the one they read.
 */
const english = {
  app,
  common,
  confirmEmail,
  fields,
  legal,
  login,
  recover,
  reset,
  signUp,
  messages: englishMessages,
};

/**
 * The English texts of the signed-in screens: loaded with the signed-in frame, before any of its
 * screens renders (a separate module, `?raw`, so the bundler cannot fold it into the first load).
 */
export async function loadSignedInTexts(): Promise<void> {
  if (i18next.getResource(DEFAULT_LANGUAGE, 'translation', 'nav.dashboard')) return;
  const { default: text } = await import('../locales/en.json?raw');
  i18next.addResourceBundle(DEFAULT_LANGUAGE, 'translation', JSON.parse(text) as typeof en, true, false);
}
const OTHER_LANGUAGES = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*.json',
  '!../locales/en.json',
]);

async function loadLanguage(language: TLanguage): Promise<Record<string, unknown> | null> {
  const load = OTHER_LANGUAGES[`../locales/${language}.json`];
  return load ? (await load()).default : null;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en & { messages: Record<TMessageKey, string> } };
  }
}

const STORAGE_KEY = 'language';

/** The language at start: the one chosen before, else the browser's, else English. */
function initialLanguage(): TLanguage {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  for (const tag of navigator.languages ?? []) {
    const lower = tag.toLowerCase();
    if (lower === 'pt-br') return 'BT';
    const found = LANGUAGES.find((language) => language.toLowerCase() === lower.split('-')[0]);
    if (found) return found;
  }
  return DEFAULT_LANGUAGE;
}

/** Starts i18next in `language`, once its texts are here (at once for English). */
export async function initI18n(language: TLanguage = initialLanguage()) {
  const bundle = language === DEFAULT_LANGUAGE ? null : await loadLanguage(language);
  await i18next.use(initReactI18next).init({
    resources: {
      [DEFAULT_LANGUAGE]: { translation: english },
      ...(bundle ? { [language]: { translation: bundle } } : {}),
    },
    initAsync: false,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = LOCALE_OF[language];
  return i18next;
}

/** Shows the interface in `language` and remembers it on this device. */
export async function changeLanguage(language: TLanguage): Promise<void> {
  localStorage.setItem(STORAGE_KEY, language);
  if (!i18next.hasResourceBundle(language, 'translation')) {
    const bundle = await loadLanguage(language);
    if (bundle) i18next.addResourceBundle(language, 'translation', bundle);
  }
  document.documentElement.lang = LOCALE_OF[language];
  await i18next.changeLanguage(language);
}

export function currentLanguage(): TLanguage {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

/** A server message in the reader's language; a text the catalogue does not know, as it is. */
export function translateMessage(t: TFunction, message: string): string {
  const match = matchMessage(message);
  if (!match) return message;
  // The key comes from the catalogue at run time, so the typed overloads cannot check it.
  const translate = t as unknown as (key: string, values: Record<string, string>) => string;
  return translate(`messages.${match.key}`, withReadableAmounts(match.values));
}

/** Placeholders that hold an amount of money. */
const AMOUNT_VALUES = new Set(['min', 'max', 'amount']);

/** Amounts in a message, written as the interface writes them elsewhere ("10,00" in Russian). */
function withReadableAmounts(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      AMOUNT_VALUES.has(name) && /^-?\d+(\.\d+)?$/.test(value) ? formatAmount(value) : value,
    ]),
  );
}
