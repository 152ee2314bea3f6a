import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TGiftCertificate } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useMyCertificates } from '../api/list-my-certificates';
import { Spinner } from '../../../components/Spinner';

const COLORS: Record<TGiftCertificate['status'], string> = {
  active: 'blue.9',
  activated: 'teal.9',
  canceled: 'gray.7',
};

/** The certificates I bought (never their codes). */
export function MyCertificates() {
  const { t } = useTranslation();
  const certificates = useMyCertificates();
  const detail = (item: TGiftCertificate) =>
    item.status === 'active'
      ? t('gifts.activeUntil', { date: formatDateTime(item.expires_at) })
      : item.status === 'activated' && item.activated_at
        ? t(item.activated_by_me ? 'gifts.activatedByMe' : 'gifts.activatedOn', {
            date: formatDateTime(item.activated_at),
          })
        : t('gifts.refunded');
  return (
    <section aria-labelledby="gifts-mine">
      <Title order={2} size="h4" mb="sm" id="gifts-mine">
        {t('gifts.mine')}
      </Title>
      {certificates.isPending ? (
        <Spinner />
      ) : (certificates.data ?? []).length === 0 ? (
        <Text c="dimmed">{t('gifts.none')}</Text>
      ) : (
        <Stack gap="xs" data-testid="my-certificates">
          {(certificates.data ?? []).map((item) => (
            <Card withBorder key={item.id} data-testid="my-certificate">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2}>
                  <Text fw={600}>{t('gifts.usdt', { amount: formatAmount(item.amount) })}</Text>
                  <Text size="sm" c="dimmed">
                    {detail(item)}
                  </Text>
                </Stack>
                <Badge color={COLORS[item.status]} data-testid="certificate-status">
                  {t(`gifts.status.${item.status}`)}
                </Badge>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </section>
  );
}
