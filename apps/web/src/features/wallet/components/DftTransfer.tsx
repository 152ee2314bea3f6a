import { Button, Stack, Text } from '@mantine/core';
import type { TProfile } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../../hooks/use-countdown';
import { formatAmount } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useSendDft } from '../api/send-dft';

const pad = (value: number) => String(value).padStart(2, '0');

/** The DFT bonus: 1/12 unlocks every 30 days (spec); the unlocked part moves to DexNet. */
export function DftTransfer({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const send = useSendDft();
  const countdown = useCountdown(profile.dft_next_unlock_at);
  const available = profile.balances.dft_available;
  return (
    <Stack gap={4} data-testid="dft-transfer">
      <Button
        size="compact-sm"
        variant="light"
        disabled={!/[1-9]/.test(available)}
        loading={send.isPending}
        onClick={() =>
          send.mutate(undefined, {
            onSuccess: (answer) =>
              notify.success(t('wallet.dft.sent', { amount: formatAmount(answer.amount) })),
          })
        }
      >
        {t('wallet.dft.send')}
      </Button>
      <Text size="xs" c="dimmed" data-testid="dft-countdown">
        {countdown
          ? t('wallet.dft.next', {
              days: countdown.days,
              time: `${pad(countdown.hours)}:${pad(countdown.minutes)}:${pad(countdown.seconds)}`,
            })
          : t('wallet.dft.none')}
      </Text>
    </Stack>
  );
}
