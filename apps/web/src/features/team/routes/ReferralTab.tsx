import { Button, Group, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../api/get-profile';
import { firstLineForUserQuery } from '../api/first-line-for-user';
import { TREE_ROW_HEIGHT, TreeRow } from '../components/TreeRow';
import { VirtualRows } from '../components/VirtualRows';
import { referralRows, type TFirstLineLoad, type TReferralRow } from '../lib/referral-rows';
import { Spinner } from '../../../components/Spinner';

/**
 * /team/referral: the sponsor tree, who invited whom. A partner's first line is asked for when they
 * are opened, a page at a time ("load more"); the list draws only the rows in view.
 */
export function ReferralTab() {
  const { t } = useTranslation();
  const me = useProfile().data?.id;
  const [open, setOpen] = useState<number[]>([]);
  /** Pages asked for, per partner whose first line is shown (the root has one from the start). */
  const [pages, setPages] = useState<Record<number, number>>({});
  const shown = me === undefined ? [] : [me, ...open];
  const requests = shown.flatMap((id) =>
    Array.from({ length: pages[id] ?? 1 }, (_, index) => ({ id, page: index + 1 })),
  );
  const results = useQueries({
    queries: requests.map(({ id, page }) => firstLineForUserQuery(id, page)),
  });
  const loads = new Map<number, TFirstLineLoad>();
  requests.forEach(({ id }, index) => {
    const result = results[index]!;
    const load = loads.get(id) ?? { members: [], hasMore: false, loading: false };
    load.members.push(...(result.data?.results ?? []));
    load.hasMore = (result.data?.next ?? null) !== null;
    load.loading = load.loading || result.isPending;
    loads.set(id, load);
  });
  const toggle = (id: number) =>
    setOpen((current) => (current.includes(id) ? current.filter((item) => item !== id) : [...current, id]));
  const more = (id: number) => setPages((current) => ({ ...current, [id]: (current[id] ?? 1) + 1 }));

  if (me === undefined || (loads.get(me)?.loading && !loads.get(me)?.members.length)) return <Spinner />;
  const rows = referralRows(me, new Set(open), (id) => loads.get(id));
  if (rows.length === 0)
    return (
      <Text c="dimmed" ta="center" data-testid="referral-empty">
        {t('team.empty')}
      </Text>
    );
  return (
    <VirtualRows
      rows={rows}
      rowKey={(row) => row.key}
      rowHeight={TREE_ROW_HEIGHT}
      label={t('team.tabs.referral')}
      testId="referral-tree"
    >
      {(row) => <ReferralRow row={row} onToggle={toggle} onMore={more} />}
    </VirtualRows>
  );
}

function ReferralRow({
  row,
  onToggle,
  onMore,
}: {
  row: TReferralRow;
  onToggle: (id: number) => void;
  onMore: (id: number) => void;
}) {
  const { t } = useTranslation();
  const indent = Math.min(row.depth, 12) * 16;
  if (row.kind === 'more')
    return (
      <Group h={TREE_ROW_HEIGHT} pl={indent + 28}>
        <Button size="compact-xs" variant="light" loading={row.loading} onClick={() => onMore(row.parentId)}>
          {t('team.referral.more')}
        </Button>
      </Group>
    );
  const { member } = row;
  return (
    <TreeRow
      partner={member}
      depth={row.depth}
      open={row.open}
      onToggle={member.first_line_count > 0 ? onToggle : undefined}
      testId="referral-row"
      after={
        <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
          {t('team.partners', { count: member.first_line_count })}
        </Text>
      }
    />
  );
}
