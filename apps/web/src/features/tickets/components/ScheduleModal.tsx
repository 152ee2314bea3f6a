import { Badge, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import type { TTicketInfo } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { productName } from '../../../lib/product-label';
import { PriceSteps } from './PriceSteps';

type Props = { info: TTicketInfo; opened: boolean; onClose: () => void };

/** The event's programme and the ticket's price by date. */
export function ScheduleModal({ info, opened, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('tickets.scheduleTitle', { name: productName(info, t) })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md" data-testid="ticket-schedule">
        <section aria-labelledby="ticket-programme">
          <Title order={3} size="h5" mb="xs" id="ticket-programme">
            {t('tickets.programme')}
          </Title>
          {info.event_schedule.length === 0 ? (
            <Text c="dimmed">{t('tickets.programmeSoon')}</Text>
          ) : (
            <List spacing="xs">
              {info.event_schedule.map((item) => (
                <List.Item key={`${item.starts_at}-${item.title}`}>
                  <Text size="sm" fw={600} component="span">
                    {formatDateTime(item.starts_at)}
                  </Text>{' '}
                  <Text size="sm" component="span">
                    {item.title}
                  </Text>
                </List.Item>
              ))}
            </List>
          )}
        </section>
        <section aria-labelledby="ticket-prices">
          <Title order={3} size="h5" mb="xs" id="ticket-prices">
            {t('tickets.priceByDate')}
          </Title>
          <PriceSteps steps={info.price_schedule} />
        </section>
        <Group gap="xs">
          <Text size="sm">{t('tickets.priceNow')}</Text>
          <Badge color="teal.9">{t('tickets.usdt', { amount: formatAmount(info.price) })}</Badge>
        </Group>
      </Stack>
    </Modal>
  );
}
