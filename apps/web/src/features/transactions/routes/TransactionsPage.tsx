import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';

/** The transactions area: its screens arrive with their own issue; the navigation leads here already. */
export function TransactionsPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <PageTitle>{t('transactions.title')}</PageTitle>
      <Alert color="blue">{t('transactions.intro')}</Alert>
    </Stack>
  );
}
