import { SimpleGrid, Stack, Text } from '@mantine/core';
import { formatCount } from '../../../lib/format';

export type TStatTile = { key: string; label: string; value: number };

/** Figures side by side: two to a row on a phone, more on wider screens. */
export function StatTiles({ tiles, testId }: { tiles: TStatTile[]; testId: string }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" data-testid={testId}>
      {tiles.map((tile) => (
        <Stack key={tile.key} gap={2}>
          <Text size="xs" c="dimmed">
            {tile.label}
          </Text>
          <Text fw={700} size="lg" data-testid={`${testId}-${tile.key}`}>
            {formatCount(tile.value)}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
