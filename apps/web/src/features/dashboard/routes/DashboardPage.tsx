import { Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../api/get-profile';
import { PageTitle } from '../../../components/PageTitle';
import { ReferralLink } from '../components/ReferralLink';

export function DashboardPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  if (!profile.data) return <Loader aria-label={t('common.loading')} />;
  return (
    <Stack>
      <PageTitle>{t('dashboard.title')}</PageTitle>
      <Text data-testid="welcome">{t('dashboard.welcome', { name: profile.data.first_name })}</Text>
      <ReferralLink referralId={profile.data.referral_id} />
    </Stack>
  );
}
