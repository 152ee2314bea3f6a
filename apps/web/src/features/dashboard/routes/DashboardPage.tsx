import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../api/get-profile';
import { PageTitle } from '../../../components/PageTitle';
import { CapSummary } from '../components/CapSummary';
import { CompanyStats } from '../components/CompanyStats';
import { NextSteps } from '../components/NextSteps';
import { DebtCard } from '../components/DebtCard';
import { Qualification } from '../components/Qualification';
import { ReferralLink } from '../components/ReferralLink';
import { RoadMap } from '../components/RoadMap';
import { SeasonPromos } from '../components/SeasonPromos';
import { Statistics } from '../components/Statistics';
import { WinterPromo } from '../components/WinterPromo';
import { Spinner } from '../../../components/Spinner';

/**
 * The dashboard (spec section 2). The header balances with the DFT transfer and its countdown are
 * the signed-in shell's WalletBar, above every screen; this one adds the rest, phone first.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  if (!profile.data) return <Spinner />;
  return (
    <Stack>
      <PageTitle>{t('dashboard.title')}</PageTitle>
      <Text data-testid="welcome">{t('dashboard.welcome', { name: profile.data.first_name })}</Text>
      <NextSteps profile={profile.data} />
      <DebtCard debt={profile.data.balances.debt} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Qualification />
        <CapSummary />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <WinterPromo />
        <SeasonPromos />
      </SimpleGrid>
      <CompanyStats />
      <Statistics />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <RoadMap />
        <ReferralLink referralId={profile.data.referral_id} />
      </SimpleGrid>
    </Stack>
  );
}
