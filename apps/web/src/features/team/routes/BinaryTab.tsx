import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TBinaryTree } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useProfile } from '../../../api/get-profile';
import { errorLines } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useBinaryLegBottom } from '../api/binary-leg-bottom';
import { useBinaryTree } from '../api/get-binary-tree';
import { BinaryTreeView } from '../components/BinaryTreeView';
import { binaryWindow, namesIn } from '../lib/binary-window';
import { descend, formatTrail, parseTrail, up } from '../lib/trail';
import { Spinner } from '../../../components/Spinner';

/**
 * /team/binary: a window of the binary tree (3 levels; 2 on a phone, so that it stays readable),
 * a node puts that partner at the top, the way back is a breadcrumb, "up" and "to me", and the
 * bottom of either leg is one click away.
 */
export function BinaryTab() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const trail = parseTrail(search.get('trail'));
  const top = trail.at(-1);
  const me = useProfile().data?.id;
  const phone = useMediaQuery('(max-width: 40em)', false, { getInitialValueInEffect: false });
  const levels = phone ? 2 : 3;
  // `depth` counts the levels below the top one.
  const tree = useBinaryTree({ user_id: top, depth: levels - 1 });
  const bottom = useBinaryLegBottom();
  const queryClient = useQueryClient();
  const names = namesIn(
    queryClient.getQueriesData<TBinaryTree>({ queryKey: ['team', 'binary-tree'] }).map(([, data]) => data),
  );
  const go = (next: number[]) => setSearch(next.length ? { trail: formatTrail(next) } : {});
  const open = (id: number) => go(descend(trail, id, me));
  const jump = (side: 'left' | 'right') =>
    bottom.mutate(
      { user_id: top, side },
      {
        onSuccess: (found) =>
          found.id === (top ?? me) ? notify.info(t('team.binary.alreadyBottom')) : open(found.id),
      },
    );

  return (
    <Stack>
      <Group component="nav" gap={6} aria-label={t('team.binary.way')} data-testid="binary-trail">
        {[undefined, ...trail].map((id, index) => {
          const label = id === undefined ? t('team.binary.me') : (names.get(id) ?? t('team.id', { id }));
          return (
            <Group key={id ?? 'me'} gap={6} wrap="nowrap">
              {index > 0 && (
                <Text size="sm" c="dimmed" aria-hidden="true">
                  /
                </Text>
              )}
              {index === trail.length ? (
                <Text size="sm" fw={600} aria-current="location">
                  {label}
                </Text>
              ) : (
                <Anchor component="button" type="button" size="sm" onClick={() => go(trail.slice(0, index))}>
                  {label}
                </Anchor>
              )}
            </Group>
          );
        })}
      </Group>
      <Group gap="xs">
        <Button size="xs" variant="default" disabled={trail.length === 0} onClick={() => go(up(trail))}>
          {t('team.binary.up')}
        </Button>
        <Button size="xs" variant="default" disabled={trail.length === 0} onClick={() => go([])}>
          {t('team.binary.toMe')}
        </Button>
        <Button size="xs" variant="light" loading={bottom.isPending} onClick={() => jump('left')}>
          {t('team.binary.bottomLeft')}
        </Button>
        <Button size="xs" variant="light" loading={bottom.isPending} onClick={() => jump('right')}>
          {t('team.binary.bottomRight')}
        </Button>
      </Group>
      {tree.data ? (
        <BinaryTreeView window={binaryWindow(tree.data, levels)} levels={levels} onOpen={open} />
      ) : tree.isPending ? (
        <Spinner />
      ) : (
        <Text c="dimmed">{errorLines(tree.error, t).join(' ')}</Text>
      )}
    </Stack>
  );
}
