import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate } from '../../../lib/format';
import { productName } from '../../../lib/product-label';
import { useTokenPacks } from '../api/list-token-packs';
import { Spinner } from '../../../components/Spinner';

/** My token packs: what is locked, the yields paid and the next payout. */
export function MyTokenPacks() {
  const { t } = useTranslation();
  const packs = useTokenPacks();
  return (
    <section aria-labelledby="packs-mine">
      <Title order={2} size="h4" mb="sm" id="packs-mine">
        {t('products.packs.mine')}
      </Title>
      {packs.isPending ? (
        <Spinner />
      ) : (packs.data ?? []).length === 0 ? (
        <Text c="dimmed">{t('products.packs.none')}</Text>
      ) : (
        <Stack gap="xs" data-testid="my-packs">
          {(packs.data ?? []).map((pack) => (
            <Card withBorder key={pack.id} data-testid="my-pack">
              <Group justify="space-between" wrap="wrap" gap="xs" mb={4}>
                <Text fw={600}>{productName(pack, t)}</Text>
                <Badge color={pack.status === 'locked' ? 'blue.9' : 'teal.9'}>
                  {t(`products.packs.status.${pack.status}`)}
                </Badge>
              </Group>
              <Text size="sm">
                {t('products.packs.locked', {
                  amount: formatAmount(pack.principal),
                  paid: formatAmount(pack.paid),
                })}
              </Text>
              <Text size="sm">
                {t('products.packs.yield', {
                  percent: pack.yield_bp / 100,
                  amount: formatAmount(pack.yearly_yield),
                  paid: formatAmount(pack.yield_paid),
                })}
              </Text>
              <Text size="sm" data-testid="pack-next">
                {pack.next_payout_at && pack.next_payout
                  ? t('products.packs.next', {
                      date: formatDate(pack.next_payout_at),
                      amount: formatAmount(pack.next_payout),
                    })
                  : t('products.packs.ended', { date: formatDate(pack.ends_at) })}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </section>
  );
}
