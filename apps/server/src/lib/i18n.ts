import { DEFAULT_LANGUAGE, LANGUAGES, languageOr, type TLanguage } from '@portal/contracts';
import i18next from 'i18next';
// The server's texts sit beside the web's catalogues (apps/web/src/locales), in a folder of their
// own: the web loads only the files directly in locales/, so these never reach its bundles.
import BT from '../../../web/src/locales/server/BT.json';
import en from '../../../web/src/locales/server/en.json';
import es from '../../../web/src/locales/server/es.json';
import italian from '../../../web/src/locales/server/it.json';
import pt from '../../../web/src/locales/server/pt.json';
import ru from '../../../web/src/locales/server/ru.json';
import TUV from '../../../web/src/locales/server/TUV.json';

/** The server's catalogue in every interface language (English is the fallback of a missing key). */
export const SERVER_CATALOGUES = { en, pt, BT, ru, es, it: italian, TUV } satisfies Record<TLanguage, object>;

type TLeaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : TLeaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A text of the server's catalogue by its dotted key ("mail.passwordReset.subject"). */
export type TServerTextKey = TLeaves<typeof en>;

const NAMESPACE = 'server';

const i18n = i18next.createInstance();
// Synchronous with the resources given (initAsync: false): ready when this module has loaded.
void i18n.init({
  resources: Object.fromEntries(
    LANGUAGES.map((language) => [language, { [NAMESPACE]: SERVER_CATALOGUES[language] }]),
  ),
  ns: [NAMESPACE],
  defaultNS: NAMESPACE,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  load: 'currentOnly',
  initAsync: false,
  returnNull: false,
  // Values go in as they are: the texts are plain text (a mail's text part, a chat message, a
  // PDF). The HTML channel escapes the finished text with `escapeHtml`, values and words alike,
  // so a value is escaped once there and never in plain text.
  interpolation: { escapeValue: false },
});

/**
 * The text of `key` in `language` (English for an unknown language or a key the language lacks),
 * with `values` put into its {{placeholders}} as they are. A value is never read as a placeholder
 * or a nested key ({{x}} or $t(...) in a name stays as typed).
 */
export function serverText(
  language: string | null | undefined,
  key: TServerTextKey,
  values: Record<string, string> = {},
): string {
  // `replace` keeps the values apart from t()'s options, so a value named like an option cannot act as one.
  return i18n.t(key, { lng: languageOr(language), replace: values });
}

/** Text for an HTML body or attribute: the five characters HTML gives meaning to, as references. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
