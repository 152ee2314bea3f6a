import { Select } from '@mantine/core';
import { COUNTRY_CODES } from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { listLocale } from '../lib/format';
import { currentLanguage } from '../lib/i18n';

/** Country names in the reader's language, from the browser's own data (Intl.DisplayNames). */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

type Props = {
  value: string;
  onChange: (code: string, name: string) => void;
  error?: React.ReactNode;
  required?: boolean;
};

/** Picks a country: the profile keeps its ISO code and its name. */
export function CountrySelect({ value, onChange, error, required }: Props) {
  const { t, i18n } = useTranslation();
  const data = useMemo(() => {
    const locale = listLocale(currentLanguage());
    return COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, locale) })).sort((a, b) =>
      a.label.localeCompare(b.label, locale),
    );
    // i18n.language: the names follow the interface language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n.language]);
  return (
    <Select
      label={t('fields.country')}
      placeholder={t('fields.countryPlaceholder')}
      data={data}
      value={value || null}
      onChange={(code) => code && onChange(code, countryName(code, 'en'))}
      searchable
      required={required}
      error={error}
      nothingFoundMessage={t('common.noResults')}
      data-testid="country-select"
    />
  );
}
