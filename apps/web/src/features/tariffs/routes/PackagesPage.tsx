import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { formatMinor, parseMinor, type TPackage } from '@portal/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useActivePackage } from '../../../api/get-active-package';
import { useAllConfigs } from '../../../api/get-all-configs';
import { blackFridayPrice } from '../lib/black-friday';
import { usePackages } from '../api/list-packages';
import { CapMeter } from '../../../components/signed-in/CapMeter';
import { LostProfit } from '../components/LostProfit';
import { PurchasePackageModal } from '../components/PurchasePackageModal';
import { Spinner } from '../../../components/Spinner';

const minorOf = (amount: string) => parseMinor(amount, 'USDT') ?? 0n;

// The what-if runs the compensation engine in the browser: its own chunk, loaded with the section.
const WhatIf = lazy(() => import('../components/WhatIf'));

/** What a tariff includes, as a line of text. */
function useIncludes() {
  const { t } = useTranslation();
  return (item: TPackage) =>
    !item.includes_node
      ? t('tariffs.includes.none')
      : item.node_kind === 'virtual'
        ? t('tariffs.includes.virtual', { n: item.nodes })
        : t('tariffs.includes.devices', { n: item.nodes });
}

/** /shop/packages: my tariff and its cap window, the tariffs, buying, renewing and upgrading. */
export function PackagesPage() {
  const { t } = useTranslation();
  const packages = usePackages();
  const active = useActivePackage();
  const includes = useIncludes();
  const [target, setTarget] = useState<TPackage | null>(null);
  const mine = active.data?.package ?? null;
  const isActive = active.data?.status === 'Active';
  const blackFriday = useAllConfigs().black_friday;
  // The list shows the Black Friday price; the purchase's quote is the server's own.
  const percent = blackFriday?.active ? blackFriday.discount_percent : 0;

  return (
    <Stack gap="lg">
      <section aria-labelledby="tariff-mine">
        <Title order={2} size="h4" mb="sm" id="tariff-mine">
          {t('tariffs.mine')}
        </Title>
        {active.isPending ? (
          <Spinner />
        ) : !active.data || !mine ? (
          <Text c="dimmed" data-testid="no-tariff">
            {t('tariffs.none')}
          </Text>
        ) : (
          <Card withBorder data-testid="my-tariff">
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={700} size="lg">
                  {t('tariffs.name', { name: mine.name })}
                </Text>
                <Badge color={isActive ? 'teal.9' : 'red.9'} data-testid="tariff-status">
                  {t(`tariffs.status.${active.data.status}`)}
                </Badge>
              </Group>
              <CapMeter active={active.data} />
              {!isActive && (
                <Text size="sm" c="red.9">
                  {t('tariffs.inactiveHint')}
                </Text>
              )}
              <Text size="sm" c="dimmed">
                {t('tariffs.lostProfit', { amount: formatAmount(active.data.lost_profit_pending) })}
              </Text>
            </Stack>
          </Card>
        )}
        <LostProfit />
      </section>

      <section aria-labelledby="tariff-what-if">
        <Title order={2} size="h4" mb={4} id="tariff-what-if">
          {t('tariffs.whatIf.title')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('tariffs.whatIf.intro')}
        </Text>
        <Card withBorder>
          <Suspense fallback={<Spinner />}>
            <WhatIf />
          </Suspense>
        </Card>
      </section>

      <section aria-labelledby="tariff-list">
        <Title order={2} size="h4" mb="sm" id="tariff-list">
          {t('tariffs.list')}
        </Title>
        {blackFriday && percent > 0 && (
          <Alert color="teal" variant="light" mb="sm" data-testid="black-friday">
            {t('tariffs.blackFriday', { percent, end: formatDateTime(blackFriday.end) })}
          </Alert>
        )}
        {packages.isPending ? (
          <Spinner />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {(packages.data ?? []).map((item) => {
              const held = isActive && mine?.id === item.id;
              const higher = isActive && mine !== null && minorOf(item.price) > minorOf(mine.price);
              const difference = mine ? minorOf(item.price) - minorOf(mine.price) : 0n;
              const canBuy = !isActive || higher;
              return (
                <Card withBorder key={item.id} data-testid={`tariff-${item.name.replace(/\s+/g, '-')}`}>
                  <Stack gap={4}>
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={700}>{t('tariffs.name', { name: item.name })}</Text>
                      {held && <Badge color="teal.9">{t('tariffs.yours')}</Badge>}
                    </Group>
                    {percent > 0 ? (
                      <Group gap="xs" align="baseline" data-testid="black-friday-price">
                        <Text c="dimmed" td="line-through">
                          <VisuallyHidden>{t('tariffs.listPrice')}</VisuallyHidden>
                          {t('tariffs.usdt', { amount: formatAmount(item.price) })}
                        </Text>
                        <Text size="lg" fw={700}>
                          <VisuallyHidden>{t('tariffs.netPrice')}</VisuallyHidden>
                          {t('tariffs.usdt', { amount: formatAmount(blackFridayPrice(item.price, percent)) })}
                        </Text>
                      </Group>
                    ) : (
                      <Text size="lg" fw={700}>
                        {t('tariffs.usdt', { amount: formatAmount(item.price) })}
                      </Text>
                    )}
                    <Text size="sm">{includes(item)}</Text>
                    <Text size="sm">{t('tariffs.matching', { levels: item.matching_depth })}</Text>
                    <Text size="sm">
                      {t('tariffs.capOf', {
                        amount: formatAmount(
                          formatMinor(minorOf(item.price) * BigInt(item.bonus_cap_multiplier), 'USDT'),
                        ),
                        multiplier: item.bonus_cap_multiplier,
                      })}
                    </Text>
                    {higher && (
                      <Text size="sm" c="dimmed">
                        {t('tariffs.upgradeFor', {
                          amount: formatAmount(blackFridayPrice(formatMinor(difference, 'USDT'), percent)),
                        })}
                      </Text>
                    )}
                    {canBuy && (
                      <Button
                        mt="xs"
                        onClick={() => setTarget(item)}
                        aria-label={
                          higher
                            ? t('tariffs.upgradeNamed', { name: item.name })
                            : mine
                              ? t('tariffs.renewNamed', { name: item.name })
                              : t('tariffs.buyNamed', { name: item.name })
                        }
                      >
                        {higher ? t('tariffs.upgrade') : mine ? t('tariffs.renew') : t('tariffs.buy')}
                      </Button>
                    )}
                  </Stack>
                </Card>
              );
            })}
          </SimpleGrid>
        )}
      </section>
      <PurchasePackageModal
        target={target}
        current={isActive ? mine : null}
        onClose={() => setTarget(null)}
      />
    </Stack>
  );
}
