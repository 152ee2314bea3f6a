import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';

/** The wiki area: its screens arrive with their own issue; the navigation leads here already. */
export function WikiPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <PageTitle>{t('wiki.title')}</PageTitle>
      <Alert color="blue">{t('wiki.intro')}</Alert>
    </Stack>
  );
}
