import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LOCALE_OF,
  matchMessage,
  MESSAGES,
  type TLanguage,
  type TMessageKey,
  ZLanguage,
} from '@portal/contracts';
import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { formatAmount } from './format';
import BT from '../locales/BT.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import it from '../locales/it.json';
import pt from '../locales/pt.json';
import ru from '../locales/ru.json';
import TUV from '../locales/TUV.json';

/** English server messages, from the one catalogue in contracts ({x} becomes i18next's {{x}}). */
const englishMessages = Object.fromEntries(
  Object.entries(MESSAGES).map(([key, text]) => [key, text.replace(/\{(\w+)\}/g, '{{$1}}')]),
) as Record<TMessageKey, string>;

export const resources = {
  en: { translation: { ...en, messages: englishMessages } },
  pt: { translation: pt },
  BT: { translation: BT },
  ru: { translation: ru },
  es: { translation: es },
  it: { translation: it },
  TUV: { translation: TUV },
} as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en & { messages: Record<TMessageKey, string> } };
  }
}

const STORAGE_KEY = 'language';

/** The language at start: the one chosen before, else the browser's, else English. */
function initialLanguage(): TLanguage {
  const stored = ZLanguage.safeParse(localStorage.getItem(STORAGE_KEY));
  if (stored.success) return stored.data;
  for (const tag of navigator.languages ?? []) {
    const lower = tag.toLowerCase();
    if (lower === 'pt-br') return 'BT';
    const found = LANGUAGES.find((language) => language.toLowerCase() === lower.split('-')[0]);
    if (found) return found;
  }
  return DEFAULT_LANGUAGE;
}

export function initI18n(language: TLanguage = initialLanguage()) {
  void i18next.use(initReactI18next).init({
    resources,
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
  document.documentElement.lang = LOCALE_OF[language];
  await i18next.changeLanguage(language);
}

export function currentLanguage(): TLanguage {
  return ZLanguage.catch(DEFAULT_LANGUAGE).parse(i18next.language);
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
