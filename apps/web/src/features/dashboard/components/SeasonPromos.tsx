import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { TSeasonPromoStatus } from '@portal/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner';
import { useNewYearPromo } from '../api/get-new-year-promo';
import { useSummerPromoStatus } from '../api/get-summer-promo-status';
import { utcDay } from '../../../lib/format';
import { Section } from './Section';

/** One seasonal promo: its window (running, finished or next) and my sales in it. */
function Promo({ id, query }: { id: 'newYear' | 'summer'; query: UseQueryResult<TSeasonPromoStatus> }) {
  const { t } = useTranslation();
  const data = query.data;
  return (
    <Stack gap={4} component="section" aria-labelledby={`promo-${id}`} data-testid={`promo-${id}`}>
      <Group justify="space-between" gap={4}>
        <Title order={3} size="h5" id={`promo-${id}`}>
          {t(`promo.${id}`)}
        </Title>
        {data?.window && (
          <Badge color={data.window.active ? 'teal.9' : 'gray.7'}>
            {t(data.window.active ? 'promo.running' : data.finished ? 'promo.finished' : 'promo.upcoming')}
          </Badge>
        )}
      </Group>
      {!data ? (
        query.isError ? (
          <Text c="red.9">{t('common.error')}</Text>
        ) : (
          <Spinner size="sm" />
        )
      ) : !data.window ? (
        <Text size="sm" c="dimmed">
          {t('promo.off')}
        </Text>
      ) : (
        <>
          <Text size="sm">
            {t('promo.window', { from: utcDay(data.window.start), to: utcDay(data.window.end) })}
          </Text>
          <Text size="sm" data-testid={`promo-${id}-sales`}>
            {t('promo.seasonSales', {
              own: data.own_purchases,
              personal: data.personal_sales,
              team: data.team_sales,
            })}
          </Text>
        </>
      )}
    </Stack>
  );
}

/** The new year and summer promos on the dashboard. */
export function SeasonPromos() {
  const { t } = useTranslation();
  const newYear = useNewYearPromo();
  const summer = useSummerPromoStatus();
  return (
    <Section id="season-promos" title={t('promo.seasonTitle')}>
      <Stack gap="md">
        <Promo id="newYear" query={newYear} />
        <Promo id="summer" query={summer} />
      </Stack>
    </Section>
  );
}
