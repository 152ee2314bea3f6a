import { Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorLines } from '../../../lib/errors';
import { useStructureList } from '../api/get-structure-list';
import { useTeamLevel } from '../api/list-team-level';
import { MemberPageView } from '../components/MemberPageView';
import { Spinner } from '../../../components/Spinner';

/** /team/levels: the partners and their nodes at each sponsor level 1..10; a level opens its members. */
export function LevelsTab() {
  const { t } = useTranslation();
  const levels = useStructureList();
  const [level, setLevel] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const members = useTeamLevel(level, page);
  if (!levels.data)
    return levels.isError ? <Text c="dimmed">{errorLines(levels.error, t).join(' ')}</Text> : <Spinner />;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, xs: 5 }} spacing="xs" data-testid="team-levels">
        {levels.data.map((item) => (
          <Button
            key={item.level}
            variant={item.level === level ? 'filled' : 'default'}
            h="auto"
            py={6}
            aria-pressed={item.level === level}
            data-testid={`team-level-${item.level}`}
            onClick={() => {
              setLevel(item.level);
              setPage(1);
            }}
          >
            <Stack gap={0} align="center">
              <span>{t('team.levels.level', { level: item.level })}</span>
              <Text size="xs" span>
                {t('team.partners', { count: item.count })}
              </Text>
              <Text size="xs" span data-testid={`team-level-${item.level}-nodes`}>
                {t('team.nodes', { count: item.nodes })}
              </Text>
            </Stack>
          </Button>
        ))}
      </SimpleGrid>
      {level !== null && (
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('team.levels.members', { level })}
          </Title>
          <MemberPageView
            query={members}
            page={page}
            onPage={setPage}
            label={t('team.levels.members', { level })}
            empty={t('team.empty')}
            testId="level-members"
          />
        </Stack>
      )}
    </Stack>
  );
}
