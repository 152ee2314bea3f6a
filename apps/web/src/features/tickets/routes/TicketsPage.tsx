import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorLines } from '../../../lib/errors';
import { useTicketInfo } from '../api/get-ticket-info';
import { MyTickets } from '../components/MyTickets';
import { TicketCard } from '../components/TicketCard';
import { Spinner } from '../../../components/Spinner';

/** /shop/tickets: the event ticket (price by date, seats left, schedule, buy) and my tickets. */
export function TicketsPage() {
  const { t } = useTranslation();
  const info = useTicketInfo();
  return (
    <Stack gap="lg">
      {info.isPending ? (
        <Spinner />
      ) : info.data ? (
        <TicketCard info={info.data} />
      ) : (
        <Text c="dimmed">{errorLines(info.error, t).join(' ')}</Text>
      )}
      <MyTickets />
    </Stack>
  );
}
