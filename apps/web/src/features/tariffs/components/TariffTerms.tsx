import { List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePackageTerms } from '../api/get-package-terms';

const POINTS = ['payment', 'cap', 'upgrade', 'dft', 'mentor'] as const;

/** The tariff terms the partner accepts, in the reader's language, with the server's version. */
export function TariffTerms() {
  const { t } = useTranslation();
  const terms = usePackageTerms(true);
  return (
    <Stack gap={4} data-testid="tariff-terms">
      <List size="sm" spacing={4}>
        {POINTS.map((point) => (
          <List.Item key={point}>{t(`tariffs.terms.${point}`)}</List.Item>
        ))}
      </List>
      {terms.data && (
        <Text size="xs" c="dimmed">
          {t('tariffs.terms.version', { version: terms.data.version })}
        </Text>
      )}
    </Stack>
  );
}
