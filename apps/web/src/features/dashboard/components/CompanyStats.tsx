import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCompanyStats } from '../api/get-company-stats';
import { useReferralStructureInfo } from '../api/get-referral-structure-info';
import { Section } from './Section';
import { StatTiles } from './StatTiles';
import { Spinner } from '../../../components/Spinner';

/** The company's sales and achievements, and what the partner's own structure has built. */
export function CompanyStats() {
  const { t } = useTranslation();
  const company = useCompanyStats();
  const structure = useReferralStructureInfo();
  const loading = <Spinner size="sm" />;
  const failed = <Text c="red.9">{t('common.error')}</Text>;
  return (
    <Section id="company-stats" title={t('dashboard.company.title')}>
      <Stack gap="md">
        {company.data ? (
          <StatTiles
            testId="company"
            tiles={[
              {
                key: 'devices',
                label: t('dashboard.company.totalDevices'),
                value: company.data.total_devices,
              },
              {
                key: 'purchased',
                label: t('dashboard.company.purchasedDevices'),
                value: company.data.purchased_devices_count,
              },
              {
                key: 'packages500',
                label: t('dashboard.company.packages500'),
                value: company.data.packages_500_count,
              },
            ]}
          />
        ) : company.isError ? (
          failed
        ) : (
          loading
        )}
        <Title order={3} size="h5">
          {t('nav.team')}
        </Title>
        {structure.data ? (
          <StatTiles
            testId="structure"
            tiles={[
              { key: 'users', label: t('dashboard.structure.users'), value: structure.data.users_count },
              {
                key: 'firstLine',
                label: t('dashboard.structure.firstLine'),
                value: structure.data.users_count_first_line,
              },
              { key: 'levels', label: t('dashboard.structure.levels'), value: structure.data.levels_count },
              {
                key: 'devices',
                label: t('shop.tabs.devices'),
                value: structure.data.total_devices_in_all_branches,
              },
              {
                key: 'maxBranch',
                label: t('dashboard.structure.maxBranch'),
                value: structure.data.max_branch_devices_count,
              },
              {
                key: 'otherBranches',
                label: t('dashboard.structure.otherBranches'),
                value: structure.data.other_branches_devices_sum,
              },
            ]}
          />
        ) : structure.isError ? (
          failed
        ) : (
          loading
        )}
      </Stack>
    </Section>
  );
}
