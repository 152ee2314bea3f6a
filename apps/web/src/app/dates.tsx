import 'dayjs/locale/es';
import 'dayjs/locale/it';
import 'dayjs/locale/pt';
import 'dayjs/locale/pt-br';
import 'dayjs/locale/ru';
import { DatesProvider } from '@mantine/dates';
import type { TLanguage } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Calendar month and day names per interface language; Tuvan readers read Russian ones. */
const DAYJS_LOCALE: Record<TLanguage, string> = {
  en: 'en',
  pt: 'pt',
  BT: 'pt-br',
  ru: 'ru',
  es: 'es',
  it: 'it',
  TUV: 'ru',
};

/**
 * Date pickers' settings, for the signed-in screens (the only ones with dates): loaded with their
 * frame, so the sign-in page does not download dayjs and its locales.
 */
export function DatesSettings({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: DAYJS_LOCALE[i18n.language as TLanguage] ?? 'en', firstDayOfWeek: 1 }}>
      {children}
    </DatesProvider>
  );
}
