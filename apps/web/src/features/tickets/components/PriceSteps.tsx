import { Badge, Group, Stack, Text } from '@mantine/core';
import type { TTicketPriceStep } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/format';
import { lastDay, utcDate } from './utc-date';

/** The ticket's price by date (UTC), the step in force marked. */
export function PriceSteps({ steps }: { steps: TTicketPriceStep[] }) {
  const { t } = useTranslation();
  const label = (step: TTicketPriceStep) =>
    step.starts_at === null && step.ends_at !== null
      ? t('tickets.until', { date: lastDay(step.ends_at) })
      : step.starts_at !== null && step.ends_at !== null
        ? t('tickets.between', { from: utcDate(step.starts_at), to: lastDay(step.ends_at) })
        : step.starts_at !== null
          ? t('tickets.from', { date: utcDate(step.starts_at) })
          : t('tickets.always');
  return (
    <Stack gap={4} data-testid="ticket-price-steps">
      {steps.map((step) => (
        <Group key={`${step.starts_at}-${step.ends_at}`} justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={step.current ? 700 : 400}>
            {label(step)}
          </Text>
          <Group gap={6} wrap="nowrap">
            {step.current && <Badge color="teal.9">{t('tickets.now')}</Badge>}
            <Text size="sm" fw={step.current ? 700 : 400} style={{ whiteSpace: 'nowrap' }}>
              {t('tickets.usdt', { amount: formatAmount(step.price) })}
            </Text>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
