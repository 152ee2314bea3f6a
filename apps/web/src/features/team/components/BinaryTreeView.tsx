import { Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TWindowNode, TWindowSlot } from '../lib/binary-window';
import { BinaryNodeCard, EmptySlot, NODE_WIDTH } from './BinaryNodeCard';

const GAP = 8;
const SIDES = ['left', 'right'] as const;

/**
 * The window of the binary tree as a drawing: the top partner, under it the left and right places
 * and so on down the window. Wider than a phone only when the window is, then it scrolls sideways
 * inside its own (named, focusable) frame, never the page.
 */
export function BinaryTreeView({
  window: top,
  levels,
  onOpen,
}: {
  window: TWindowNode;
  levels: number;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  const width = 2 ** (levels - 1) * (NODE_WIDTH + GAP);
  return (
    <Box
      role="region"
      aria-label={t('team.binary.canvas')}
      tabIndex={0}
      style={{ overflowX: 'auto' }}
      pb="xs"
      data-testid="binary-tree"
    >
      <Box miw={width}>
        <Subtree slot={top} onOpen={onOpen} isTop />
      </Box>
    </Box>
  );
}

function Subtree({
  slot,
  onOpen,
  isTop,
}: {
  slot: TWindowSlot;
  onOpen: (id: number) => void;
  isTop?: boolean;
}) {
  const { t } = useTranslation();
  if (!slot) return <EmptySlot />;
  return (
    <Stack gap={GAP} align="center">
      <BinaryNodeCard node={slot.node} onOpen={isTop ? undefined : onOpen} />
      {slot.children && (
        <Group gap={GAP} wrap="nowrap" align="flex-start" justify="center" w="100%">
          {SIDES.map((side) => (
            <Stack key={side} gap={2} align="center" style={{ flex: 1 }}>
              <Text size="xs" c="dimmed">
                {t(`team.legs.${side}`)}
              </Text>
              <Subtree slot={slot.children![side]} onOpen={onOpen} />
            </Stack>
          ))}
        </Group>
      )}
    </Stack>
  );
}
