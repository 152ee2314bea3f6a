import { Paper, SimpleGrid } from '@mantine/core';
import { BotConnection } from '../components/BotConnection';
import { NotificationSwitches } from '../components/NotificationSwitches';

/** /profile/notifications: the chat bot connection and which notices go where. */
export function NotificationsTab() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper withBorder p="md">
        <BotConnection />
      </Paper>
      <Paper withBorder p="md">
        <NotificationSwitches />
      </Paper>
    </SimpleGrid>
  );
}
