import { Group, Progress, Stack, Text } from '@mantine/core';
import type { TActivePackage } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../lib/format';
import { filledPermille } from '../../lib/ratio';

/** Earned against the cap window (5 x the tariff's cost): what is left before the tariff goes Inactive. */
export function CapMeter({ active }: { active: TActivePackage }) {
  const { t } = useTranslation();
  const permille = filledPermille(active.earned, active.cap);
  return (
    <Stack gap={4} data-testid="cap-meter">
      <Group justify="space-between" wrap="wrap" gap={4}>
        <Text size="sm" fw={600}>
          {t('tariffs.cap.earned', { earned: formatAmount(active.earned), cap: formatAmount(active.cap) })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('tariffs.cap.left', { amount: formatAmount(active.cap_left) })}
        </Text>
      </Group>
      <Progress.Root size="lg" radius="xl">
        <Progress.Section
          value={permille / 10}
          color={active.status === 'Active' ? 'teal.9' : 'red.9'}
          aria-label={t('tariffs.cap.label')}
        />
      </Progress.Root>
      <Text size="xs" c="dimmed">
        {t('tariffs.cap.rule')}
      </Text>
      {permille >= 1000 && (
        <Text size="sm" c="red.9" data-testid="cap-reached">
          {t('messages.bonusCapReached')}
        </Text>
      )}
    </Stack>
  );
}
