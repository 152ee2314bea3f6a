import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate } from '../../../lib/format';
import { useMyTickets } from '../api/list-my-tickets';
import { Spinner } from '../../../components/Spinner';

/** My ticket purchases. */
export function MyTickets() {
  const { t } = useTranslation();
  const tickets = useMyTickets();
  return (
    <section aria-labelledby="tickets-mine">
      <Title order={2} size="h4" mb="sm" id="tickets-mine">
        {t('tickets.mine')}
      </Title>
      {tickets.isPending ? (
        <Spinner />
      ) : (tickets.data ?? []).length === 0 ? (
        <Text c="dimmed">{t('tickets.none')}</Text>
      ) : (
        <Stack gap="xs" data-testid="my-tickets">
          {(tickets.data ?? []).map((ticket) => (
            <Card withBorder key={ticket.id} data-testid="my-ticket">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2}>
                  <Text fw={600}>{t('tickets.count', { n: ticket.quantity })}</Text>
                  <Text size="sm" c="dimmed">
                    {t('tickets.paid', {
                      total: formatAmount(ticket.total),
                      date: formatDate(ticket.created_at),
                    })}
                  </Text>
                </Stack>
                <Badge color={ticket.status === 'active' ? 'teal.9' : 'gray.7'}>
                  {t(`tickets.status.${ticket.status}`)}
                </Badge>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </section>
  );
}
