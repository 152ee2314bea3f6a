import { Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { TBinaryLeg, TBinaryTreeNode } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/format';
import { TariffBadge } from './MemberTable';

export const NODE_WIDTH = 164;

/**
 * A partner in the binary tree: name, ID, tariff and its state, and for each leg its lifetime
 * volume and partner count. A button that puts the partner at the top, except the top itself.
 */
export function BinaryNodeCard({ node, onOpen }: { node: TBinaryTreeNode; onOpen?: (id: number) => void }) {
  const { t } = useTranslation();
  const name = `${node.first_name} ${node.last_name}`;
  const body = (
    <Paper
      withBorder
      p={8}
      radius="md"
      w={NODE_WIDTH}
      bg={onOpen ? undefined : 'blue.0'}
      style={{ borderColor: onOpen ? undefined : 'var(--mantine-color-blue-6)' }}
    >
      <Stack gap={4}>
        <Text fw={600} size="sm" lh={1.25} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
        {/* The tariff's state in full: it moves under the ID when both do not fit on one line. */}
        <Group gap={4} justify="space-between" wrap="wrap">
          <Text size="xs" c="dimmed">
            {t('team.id', { id: node.id })}
          </Text>
          <TariffBadge tariff={node.tariff} status={node.status} />
        </Group>
        <SimpleGrid cols={2} spacing={4}>
          <Leg label={t('team.legs.left')} leg={node.left} testId="node-left" />
          <Leg label={t('team.legs.right')} leg={node.right} testId="node-right" />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
  if (!onOpen)
    return (
      <div data-testid="binary-top" data-id={node.id} aria-current="location">
        {body}
      </div>
    );
  return (
    <UnstyledButton
      data-testid="binary-node"
      data-id={node.id}
      onClick={() => onOpen(node.id)}
      aria-label={t('team.binary.open', { name, id: node.id })}
    >
      {body}
    </UnstyledButton>
  );
}

function Leg({ label, leg, testId }: { label: string; leg: TBinaryLeg; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xs" fw={600} truncate="end" style={{ whiteSpace: 'nowrap' }}>
        {formatAmount(leg.volume)}
      </Text>
      <Text size="xs">{t('team.partners', { count: leg.count })}</Text>
    </Stack>
  );
}

/** A place of the binary tree nobody holds yet. */
export function EmptySlot() {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      p={8}
      radius="md"
      w={NODE_WIDTH}
      data-testid="binary-empty"
      style={{ borderStyle: 'dashed' }}
    >
      <Text size="xs" c="dimmed" ta="center">
        {t('team.binary.empty')}
      </Text>
    </Paper>
  );
}
