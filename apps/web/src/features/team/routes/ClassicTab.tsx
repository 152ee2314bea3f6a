import { Group, Stack, Text } from '@mantine/core';
import { MAX_TOGGLED_IDS } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../api/get-profile';
import { errorLines } from '../../../lib/errors';
import { useBinaryTree } from '../api/get-binary-tree';
import { TREE_ROW_HEIGHT, TreeRow } from '../components/TreeRow';
import { VirtualRows } from '../components/VirtualRows';
import { classicRows, type TClassicRow } from '../lib/binary-window';
import { Spinner } from '../../../components/Spinner';

/**
 * /team/classic: the binary tree as an indented list. Only what is opened is asked for: the
 * children of the opened partners (toggled_ids of get-binary-tree), the oldest dropped past the
 * limit of one call.
 */
export function ClassicTab() {
  const { t } = useTranslation();
  const me = useProfile().data?.id;
  const [open, setOpen] = useState<number[]>([]);
  const tree = useBinaryTree({ depth: 1, toggled_ids: me ? [me, ...open] : open }, me !== undefined);
  const toggle = (id: number) =>
    setOpen((current) =>
      current.includes(id)
        ? current.filter((item) => item !== id)
        : [...current, id].slice(-(MAX_TOGGLED_IDS - 1)),
    );
  if (!tree.data)
    return tree.isError ? <Text c="dimmed">{errorLines(tree.error, t).join(' ')}</Text> : <Spinner />;
  const rows = classicRows(tree.data, new Set(open));
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('team.classic.hint')}
        </Text>
        {tree.isFetching && <Spinner size="xs" />}
      </Group>
      <VirtualRows
        rows={rows}
        rowKey={(row) => String(row.node.id)}
        rowHeight={TREE_ROW_HEIGHT}
        label={t('team.tabs.classic')}
        testId="classic-tree"
      >
        {(row) => <ClassicRow row={row} onToggle={toggle} />}
      </VirtualRows>
    </Stack>
  );
}

function ClassicRow({ row, onToggle }: { row: TClassicRow; onToggle: (id: number) => void }) {
  const { t } = useTranslation();
  const { node } = row;
  return (
    <TreeRow
      partner={node}
      depth={row.depth}
      open={row.open}
      onToggle={row.expandable && row.depth > 0 ? onToggle : undefined}
      showInTree={row.depth > 0}
      testId="classic-row"
      before={
        node.position && (
          <Text size="xs" c="dimmed" w={44} style={{ flex: 'none' }}>
            {t(`team.legs.${node.position}`)}
          </Text>
        )
      }
    />
  );
}
