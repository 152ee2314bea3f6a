import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner';
import { useWinterPromoStatus } from '../api/get-winter-promo-status';
import { utcDay } from '../lib/promo-dates';
import { Section } from './Section';
import { WinterPromoModal } from './WinterPromoModal';

/** The winter promo on the dashboard: the status held or the next one's gap, and the modal with the details. */
export function WinterPromo() {
  const { t } = useTranslation();
  const promo = useWinterPromoStatus();
  const [opened, { open, close }] = useDisclosure(false);
  const data = promo.data;
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
          <Text size="sm">
            {t(data.window.active ? 'promo.runsUntil' : data.finished ? 'promo.endedOn' : 'promo.startsOn', {
              date: utcDay(data.window.active || data.finished ? data.window.end : data.window.start),
            })}
          </Text>
          <Group gap="xs">
            <Text fw={700}>{t('promo.winter.yourStatus')}</Text>
            {data.status ? (
              <Badge size="lg" color="indigo.8" data-testid="winter-card-status">
                {t(`promo.winter.status.${data.status}`)}
              </Badge>
            ) : (
              <Text data-testid="winter-card-status">{t('promo.winter.noStatus')}</Text>
            )}
          </Group>
          {data.next_status && (
            <Text size="sm" data-testid="winter-card-next">
              {t('promo.winter.next', {
                status: t(`promo.winter.status.${data.next_status.status}`),
                personal: data.next_status.personal_missing,
                team: data.next_status.team_missing,
              })}
            </Text>
          )}
          <Group>
            <Button variant="light" onClick={open} data-testid="winter-open">
              {t('promo.winter.open')}
            </Button>
          </Group>
          <WinterPromoModal status={data} opened={opened} onClose={close} />
        </Stack>
      )}
    </Section>
  );
}
