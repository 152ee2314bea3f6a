import { Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { invitationLink } from '../lib/invitation';

/** The partner's invitation link (/sign-up/:promocode): whoever signs up through it joins their team. */
export function ReferralLink({ referralId }: { referralId: string }) {
  const { t } = useTranslation();
  const link = invitationLink(referralId);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify.success(t('common.copied'));
    } catch {
      notify.error([t('common.copyFailed')]);
    }
  };
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        {t('dashboard.referral.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('dashboard.referral.hint')}
      </Text>
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          label={t('dashboard.referral.link')}
          value={link}
          readOnly
          style={{ flex: 1 }}
          data-testid="referral-link"
        />
        <Button onClick={() => void copy()}>{t('common.copy')}</Button>
      </Group>
    </Paper>
  );
}
