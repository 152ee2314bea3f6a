import { Paper, SimpleGrid } from '@mantine/core';
import { ApiKeyList } from '../components/ApiKeyList';
import { CreateApiKey } from '../components/CreateApiKey';

/** /profile/api-keys: read-only keys for the partner's own scripts (balances, transactions, team). */
export function ApiKeysTab() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper withBorder p="md">
        <CreateApiKey />
      </Paper>
      <Paper withBorder p="md">
        <ApiKeyList />
      </Paper>
    </SimpleGrid>
  );
}
