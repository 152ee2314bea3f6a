import { Alert, Badge, Group, Modal, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TWinterLevel, TWinterPromoStatus } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/format';
import { utcDay } from '../../../lib/format';

type Props = {
  status: TWinterPromoStatus;
  /** The window is over (lib/promo-dates `promoEnded`): the figures are the result. */
  ended: boolean;
  opened: boolean;
  onClose: () => void;
};

const STATUS_COLOR = { Silver: 'gray.7', Gold: 'yellow.9', Platinum: 'indigo.8' } as const;

/** A bar toward a requirement: `value` of `required`, full when met. */
function Bar({
  label,
  value,
  required,
  testId,
}: {
  label: string;
  value: number;
  required: number;
  testId: string;
}) {
  const percent = Math.min(100, Math.round((value / required) * 100));
  return (
    <Stack gap={2}>
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text size="sm">{label}</Text>
        <Text size="sm" fw={600} data-testid={`${testId}-value`}>
          {Math.min(value, required)} / {required}
        </Text>
      </Group>
      <Progress.Root size="md" radius="xl">
        <Progress.Section
          value={percent}
          color={percent >= 100 ? 'teal.8' : 'indigo.8'}
          aria-label={`${label}: ${Math.min(value, required)} / ${required}`}
          data-testid={testId}
        />
      </Progress.Root>
    </Stack>
  );
}

/** One status: its reward, the personal and the counted team sales against its requirements. */
function Level({ level, personal }: { level: TWinterLevel; personal: number }) {
  const { t } = useTranslation();
  const id = level.status.toLowerCase();
  return (
    <Stack gap="xs" component="section" aria-labelledby={`winter-${id}`} data-testid={`winter-level-${id}`}>
      <Group justify="space-between" gap={4}>
        <Title order={3} size="h5" id={`winter-${id}`}>
          {t(`promo.winter.status.${level.status}`)}
        </Title>
        {level.reached && (
          <Badge color="teal.9" data-testid={`winter-reached-${id}`}>
            {t('promo.winter.reached')}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t(`promo.winter.reward.${level.reward}`)}
      </Text>
      <Bar
        label={t('promo.winter.personal')}
        value={personal}
        required={level.personal_required}
        testId={`winter-${id}-personal`}
      />
      <Bar
        label={t('promo.winter.team')}
        value={level.team_counted}
        required={level.team_required}
        testId={`winter-${id}-team`}
      />
      <Text size="xs" c="dimmed">
        {t('promo.winter.branchMax', { max: level.largest_branch_max })}
      </Text>
    </Stack>
  );
}

/** The winter promo modal (product-spec section 2): progress toward each status, the rules, the rewards. */
export function WinterPromoModal({ status, ended, opened, onClose }: Props) {
  const { t } = useTranslation();
  const window = { from: utcDay(status.window.start), to: utcDay(status.window.end) };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('promo.winter.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md" data-testid="winter-promo-modal">
        <Group gap="xs">
          <Badge color={status.window.active && !ended ? 'teal.9' : 'gray.7'} data-testid="winter-state">
            {t(ended ? 'promo.finished' : status.window.active ? 'promo.running' : 'promo.upcoming')}
          </Badge>
          <Text size="sm">{t('promo.window', window)}</Text>
        </Group>
        {ended && <Text size="sm">{t('promo.winter.final')}</Text>}
        <Group gap="xs">
          <Text fw={700}>{ended ? t('promo.winter.result') : t('promo.winter.yourStatus')}</Text>
          {status.status ? (
            <Badge size="lg" color={STATUS_COLOR[status.status]} data-testid="winter-status">
              {t(`promo.winter.status.${status.status}`)}
            </Badge>
          ) : (
            <Text data-testid="winter-status">
              {ended ? t('promo.winter.noStatusFinal') : t('promo.winter.noStatus')}
            </Text>
          )}
        </Group>
        {status.reason && (
          <Alert color="orange" variant="light" data-testid="winter-reason">
            {t(`promo.winter.reason.${status.reason}`, { min: formatAmount(status.min_tariff) })}
          </Alert>
        )}
        <Text size="sm" data-testid="winter-sales">
          {t('promo.winter.sales', {
            personal: status.personal_sales,
            team: status.team_sales,
            largest: status.largest_branch_sales,
          })}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {status.levels.map((level) => (
            <Level key={level.status} level={level} personal={status.personal_sales} />
          ))}
        </SimpleGrid>
        <section aria-labelledby="winter-rules">
          <Title order={3} size="h5" mb="xs" id="winter-rules">
            {t('promo.winter.rulesTitle')}
          </Title>
          <Stack gap={4}>
            <Text size="sm">{t('promo.winter.ruleTariff', { min: formatAmount(status.min_tariff) })}</Text>
            <Text size="sm">{t('promo.winter.ruleSale')}</Text>
            <Text size="sm" data-testid="winter-branch-rule">
              {t('promo.winter.ruleBranch')}
            </Text>
          </Stack>
        </section>
        <section aria-labelledby="winter-hot">
          <Title order={3} size="h5" mb="xs" id="winter-hot">
            {t('promo.winter.hotTitle')}
          </Title>
          <Stack gap={4}>
            <Text size="sm" data-testid="winter-gift">
              {t('promo.winter.gift', {
                gifts: status.winter_gift.count,
                amount: formatAmount(status.winter_gift.amount),
              })}
            </Text>
            <Text size="sm" data-testid="winter-ticket-bonus">
              {t('promo.winter.ticketBonus', { amount: formatAmount(status.ticket_bonus.amount) })}
            </Text>
          </Stack>
        </section>
      </Stack>
    </Modal>
  );
}
