import { Alert, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useLostProfit } from '../api/get-lost-profit';

/** How many entries the card lists; the rest is counted. */
const SHOWN = 5;

/**
 * My pending lost profit (compensation-plan.md section 5): the total with the earliest deadline,
 * and each entry with its amount and deadline, soonest first. Nothing when none is pending.
 */
export function LostProfit() {
  const { t } = useTranslation();
  const lost = useLostProfit();
  const data = lost.data;
  if (!data || data.count === 0 || !data.earliest_expires_at) return null;
  const more = data.count - Math.min(SHOWN, data.entries.length);
  return (
    <Alert
      mt="sm"
      color="orange"
      variant="light"
      title={t('tariffs.lost.title', { amount: formatAmount(data.total) })}
      data-testid="lost-profit"
    >
      <Stack gap={6}>
        <Text size="sm" fw={600} data-testid="lost-profit-deadline">
          {t('tariffs.lost.deadline', { date: formatDateTime(data.earliest_expires_at) })}
        </Text>
        <List size="sm" spacing={2} data-testid="lost-profit-entries">
          {data.entries.slice(0, SHOWN).map((entry) => (
            <List.Item key={entry.id}>
              {t('tariffs.lost.entry', {
                amount: formatAmount(entry.pending),
                bonus: t(`transactions.bonus.${entry.bonus_type}`),
                date: formatDateTime(entry.expires_at),
              })}
            </List.Item>
          ))}
        </List>
        {more > 0 && (
          <Text size="xs" c="dimmed">
            {t('tariffs.lost.more', { count: more })}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('tariffs.lost.rule')}
        </Text>
      </Stack>
    </Alert>
  );
}
