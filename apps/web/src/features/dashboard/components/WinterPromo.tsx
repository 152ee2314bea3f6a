import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { OnceOpened } from '../../../components/OnceOpened';
import { Spinner } from '../../../components/Spinner';
import { useWinterPromoStatus } from '../api/get-winter-promo-status';
import { utcDay } from '../../../lib/format';
import { promoEnded } from '../lib/promo-dates';
import { Section } from './Section';

// The details' dialog loads when first opened (docs/web-performance.md).
const WinterPromoModal = lazy(() =>
  import('./WinterPromoModal').then((m) => ({ default: m.WinterPromoModal })),
);

/**
 * The winter promo on the dashboard: the status held or the next one's gap while it runs, the
 * result once it has ended, and the modal with the details.
 */
export function WinterPromo() {
  const { t } = useTranslation();
  const promo = useWinterPromoStatus();
  const [opened, { open, close }] = useDisclosure(false);
  const data = promo.data;
  const ended = data ? promoEnded(data, new Date()) : false;
  return (
    <Section id="winter-promo" title={t('promo.winter.title')}>
      {!data ? (
        promo.isError ? (
          <Text c="red.9">{t('common.error')}</Text>
        ) : (
          <Spinner size="sm" />
        )
      ) : (
        <Stack gap="xs">
          <Text size="sm" data-testid="winter-card-window">
            {t(ended ? 'promo.endedOn' : data.window.active ? 'promo.runsUntil' : 'promo.startsOn', {
              date: utcDay(ended || data.window.active ? data.window.end : data.window.start),
            })}
          </Text>
          <Group gap="xs">
            <Text fw={700}>{ended ? t('promo.winter.result') : t('promo.winter.yourStatus')}</Text>
            {data.status ? (
              <Badge size="lg" color="indigo.8" data-testid="winter-card-status">
                {t(`promo.winter.status.${data.status}`)}
              </Badge>
            ) : (
              <Text data-testid="winter-card-status">
                {ended ? t('promo.winter.noStatusFinal') : t('promo.winter.noStatus')}
              </Text>
            )}
          </Group>
          {ended ? (
            <Text size="sm" data-testid="winter-card-final">
              {data.reward ? t(`promo.winter.reward.${data.reward}`) : t('promo.winter.final')}
            </Text>
          ) : (
            data.next_status && (
              <Text size="sm" data-testid="winter-card-next">
                {t('promo.winter.next', {
                  status: t(`promo.winter.status.${data.next_status.status}`),
                  personal: data.next_status.personal_missing,
                  team: data.next_status.team_missing,
                })}
              </Text>
            )
          )}
          <Group>
            <Button variant="light" onClick={open} data-testid="winter-open">
              {t('promo.winter.open')}
            </Button>
          </Group>
          <OnceOpened opened={opened}>
            <WinterPromoModal status={data} ended={ended} opened={opened} onClose={close} />
          </OnceOpened>
        </Stack>
      )}
    </Section>
  );
}
