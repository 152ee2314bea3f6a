import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TProductSentence, TVirtualNode } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate } from '../../../lib/format';
import { productName } from '../../../lib/product-label';
import { useProductOffers } from '../api/get-product-offers';
import { useVirtualNodes } from '../api/list-virtual-nodes';
import { BuyNodeModal } from '../components/BuyNodeModal';
import { UpgradeNodeModal } from '../components/UpgradeNodeModal';
import { Spinner } from '../../../components/Spinner';

/** A text attribute of a product (a decimal string), '0' when absent. */
const attributeText = (value: unknown) => (typeof value === 'string' ? value : '0');

/** /shop/nodes: the virtual nodes on sale, my virtual nodes and their upgrade. */
export function NodesPage() {
  const { t } = useTranslation();
  const offers = useProductOffers('virtual_node');
  const nodes = useVirtualNodes();
  const [buying, setBuying] = useState<TProductSentence | null>(null);
  const [upgrading, setUpgrading] = useState<TVirtualNode | null>(null);
  const topTier = Math.max(0, ...(offers.data ?? []).map((offer) => Number(offer.attributes.tier ?? 0)));

  return (
    <Stack gap="lg">
      <section aria-labelledby="nodes-offers">
        <Title order={2} size="h4" mb="sm" id="nodes-offers">
          {t('products.nodes.offers')}
        </Title>
        {offers.isPending ? (
          <Spinner />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {(offers.data ?? []).map((offer) => (
              <Card withBorder key={offer.product_id} data-testid={`node-offer-${offer.code}`}>
                <Stack gap={4}>
                  <Text fw={700}>{productName(offer, t)}</Text>
                  <Text size="sm">
                    {t('products.nodes.tier', { tier: Number(offer.attributes.tier ?? 0) })}
                  </Text>
                  <Text size="sm">
                    {t('products.nodes.daily', {
                      amount: formatAmount(attributeText(offer.attributes.daily_dxn)),
                    })}
                  </Text>
                  <Text size="lg" fw={700}>
                    {t('products.usdt', { amount: formatAmount(offer.total) })}
                  </Text>
                  <Button
                    mt="xs"
                    onClick={() => setBuying(offer)}
                    aria-label={t('products.nodes.buyNamed', { name: productName(offer, t) })}
                  >
                    {t('products.nodes.buy')}
                  </Button>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </section>

      <section aria-labelledby="nodes-mine">
        <Title order={2} size="h4" mb="sm" id="nodes-mine">
          {t('products.nodes.mine')}
        </Title>
        {nodes.isPending ? (
          <Spinner />
        ) : (nodes.data ?? []).length === 0 ? (
          <Text c="dimmed">{t('products.nodes.none')}</Text>
        ) : (
          <Stack gap="xs" data-testid="my-nodes">
            {(nodes.data ?? []).map((node) => (
              <Card withBorder key={node.id} data-testid="my-node">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={2}>
                    <Text fw={600}>{productName(node, t)}</Text>
                    <Text size="sm" c="dimmed">
                      {t('products.nodes.since', { date: formatDate(node.created_at), tier: node.tier })}
                    </Text>
                  </Stack>
                  <Group gap="xs">
                    <Badge color={node.status === 'active' ? 'teal.9' : 'gray.7'}>
                      {t(`products.nodes.status.${node.status}`)}
                    </Badge>
                    {node.status === 'active' && node.tier < topTier && (
                      <Button size="compact-sm" variant="light" onClick={() => setUpgrading(node)}>
                        {t('products.nodes.upgrade')}
                      </Button>
                    )}
                  </Group>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </section>
      <BuyNodeModal offer={buying} onClose={() => setBuying(null)} />
      <UpgradeNodeModal node={upgrading} onClose={() => setUpgrading(null)} />
    </Stack>
  );
}
