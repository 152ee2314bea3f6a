import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';

/** The team area: its screens arrive with their own issue; the navigation leads here already. */
export function TeamPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <PageTitle>{t('team.title')}</PageTitle>
      <Alert color="blue">{t('team.intro')}</Alert>
    </Stack>
  );
}
