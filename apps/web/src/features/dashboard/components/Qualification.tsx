import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/format';
import { rankName as translatedRank } from '../../../lib/ranks';
import { filledPermille } from '../../../lib/ratio';
import { useQualification } from '../api/get-qualification';
import { Section } from './Section';
import { Spinner } from '../../../components/Spinner';

/** The rank held and how far the weaker leg's volume is on the way to the next one. */
export function Qualification() {
  const { t } = useTranslation();
  const qualification = useQualification();
  const data = qualification.data;
  const rankName = (name: string) => translatedRank(name, t);
  return (
    <Section id="qualification" title={t('dashboard.qualification.title')}>
      {!data ? (
        qualification.isError ? (
          <Text c="red.9">{t('common.error')}</Text>
        ) : (
          <Spinner size="sm" />
        )
      ) : (
        <Stack gap={4}>
          <Group justify="space-between" wrap="wrap" gap={4}>
            <Text fw={700} data-testid="rank">
              {t('dashboard.qualification.rank', { rank: data.rank ? rankName(data.rank) : '—' })}
            </Text>
            {data.next_rank && (
              <Text size="sm" c="dimmed" data-testid="next-rank">
                {t('dashboard.qualification.next', { rank: rankName(data.next_rank) })}
              </Text>
            )}
          </Group>
          {data.next_rank && data.next_rank_volume ? (
            <>
              <Progress.Root size="lg" radius="xl">
                <Progress.Section
                  value={filledPermille(data.weak_leg_volume, data.next_rank_volume) / 10}
                  color="indigo.8"
                  aria-label={t('dashboard.qualification.next', { rank: rankName(data.next_rank) })}
                  data-testid="qualification-progress"
                />
              </Progress.Root>
              <Text size="sm">
                {t('dashboard.qualification.volume', {
                  volume: formatAmount(data.weak_leg_volume),
                  target: formatAmount(data.next_rank_volume),
                })}
              </Text>
            </>
          ) : (
            <Text size="sm" data-testid="top-rank">
              {t('dashboard.qualification.top')}
            </Text>
          )}
        </Stack>
      )}
    </Section>
  );
}
