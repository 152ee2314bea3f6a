import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../api/get-profile';
import { isAboveZero } from '../../../lib/format';
import { debtsQuery } from '../api/get-debts';
import { sectionQueries } from '../prefetch';
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
 *
 * It appears whole: the data of every section above the charts is fetched together and the page
 * shows once all of it has answered (or failed: a section says so itself), so no section pushes
 * another down as it arrives (docs/web-performance.md, layout shift). The sections read the same
 * queries from the cache.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const owing = profile.data ? isAboveZero(profile.data.balances.debt) : false;
  const settled = useQueries({
    queries: [...sectionQueries(), { ...debtsQuery(), enabled: owing }],
    combine: (results) => results.every((result) => !result.isLoading),
  });
  // The sections are drawn in a deferred render, which React splits into short slices: the
  // whole dashboard at once would hold a phone's main thread for a few hundred milliseconds.
  const shown = useDeferredValue(settled);
  if (!profile.data || !shown) return <Spinner />;
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
