import { Paper, SimpleGrid, Stack } from '@mantine/core';
import { useProfile } from '../../../api/get-profile';
import { EmailChange } from '../components/EmailChange';
import { FinancePassword } from '../components/FinancePassword';
import { KycSection } from '../components/KycSection';
import { TwoFactor } from '../components/TwoFactor';
import { Spinner } from '../../../components/Spinner';

export function SecurityTab() {
  const profile = useProfile();
  if (!profile.data) return <Spinner />;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Stack>
        <Paper withBorder p="md">
          <TwoFactor enabled={profile.data.mfa_enabled} />
        </Paper>
        <Paper withBorder p="md">
          <FinancePassword isSet={profile.data.has_finance_password} />
        </Paper>
      </Stack>
      <Stack>
        <Paper withBorder p="md">
          <EmailChange email={profile.data.email} mfaEnabled={profile.data.mfa_enabled} />
        </Paper>
        <Paper withBorder p="md">
          <KycSection status={profile.data.kyc_status} reason={profile.data.kyc_reason} />
        </Paper>
      </Stack>
    </SimpleGrid>
  );
}
