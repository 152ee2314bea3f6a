import { NativeSelect } from '@mantine/core';
import { isLanguage, LANGUAGES } from '@portal/contracts/plain';
import { useTranslation } from 'react-i18next';
import { useSetLanguage } from '../api/set-language';
import { currentLanguage } from '../lib/i18n';

/** Language names as their speakers write them: the same in every interface language. */
export const LANGUAGE_NAMES = {
  en: 'English',
  pt: 'Português',
  BT: 'Português (Brasil)',
  ru: 'Русский',
  es: 'Español',
  it: 'Italiano',
  TUV: 'Тыва дыл',
} as const;

export function LanguageSelect({ label = false }: { label?: boolean }) {
  const { t, i18n } = useTranslation();
  const setLanguage = useSetLanguage();
  return (
    <NativeSelect
      aria-label={t('common.language')}
      label={label ? t('common.language') : undefined}
      value={isLanguage(i18n.language) ? i18n.language : currentLanguage()}
      data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
      onChange={(event) => {
        const language = event.currentTarget.value;
        if (isLanguage(language)) setLanguage.mutate(language);
      }}
      disabled={setLanguage.isPending}
      data-testid="language-select"
    />
  );
}
