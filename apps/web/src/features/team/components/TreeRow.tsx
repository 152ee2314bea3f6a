import { Box, Button, Group, Text } from '@mantine/core';
import type { TTeamMemberRow } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatTrail } from '../lib/trail';
import { Chevron } from './Chevron';
import { TariffBadge } from './MemberTable';

export const TREE_ROW_HEIGHT = 44;

/** A partner as the classic and the sponsor tree show one. */
type TTreePartner = Pick<TTeamMemberRow, 'id' | 'first_name' | 'last_name' | 'tariff' | 'status'>;

/**
 * A row of an indented tree: the open/close arrow (when there is anyone below), what goes before
 * and after the name, the tariff on wider screens, and "open in the binary tree".
 */
export function TreeRow({
  partner,
  depth,
  open,
  onToggle,
  before,
  after,
  showInTree = true,
  testId,
}: {
  partner: TTreePartner;
  depth: number;
  open: boolean;
  /** Absent: nobody below, or the row cannot close. */
  onToggle?: (id: number) => void;
  before?: ReactNode;
  after?: ReactNode;
  showInTree?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = `${partner.first_name} ${partner.last_name}`;
  return (
    <Group
      gap={6}
      wrap="nowrap"
      pl={Math.min(depth, 12) * 16}
      h={TREE_ROW_HEIGHT}
      data-testid={testId}
      data-depth={depth}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      {onToggle ? (
        <Button
          variant="subtle"
          size="compact-xs"
          w={22}
          px={0}
          style={{ flex: 'none' }}
          aria-expanded={open}
          aria-label={t(open ? 'team.tree.collapse' : 'team.tree.expand', { name })}
          onClick={() => onToggle(partner.id)}
        >
          <Chevron open={open} />
        </Button>
      ) : (
        <span style={{ width: 22, flex: 'none' }} />
      )}
      {before}
      {/* A long name wraps onto a second line (the row's fixed height holds two), not cut mid-word. */}
      <Text
        size="sm"
        fw={600}
        lh={1.2}
        lineClamp={2}
        style={{ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' }}
      >
        {name}
      </Text>
      <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
        {t('team.id', { id: partner.id })}
      </Text>
      {after}
      <Box visibleFrom="sm" style={{ flex: 'none' }}>
        <TariffBadge tariff={partner.tariff} status={partner.status} />
      </Box>
      {showInTree && (
        <Button
          variant="subtle"
          size="compact-xs"
          style={{ flex: 'none' }}
          aria-label={t('team.showInTreeOf', { name })}
          onClick={() => void navigate(`/team/binary?trail=${formatTrail([partner.id])}`)}
        >
          {t('team.showInTree')}
        </Button>
      )}
    </Group>
  );
}
