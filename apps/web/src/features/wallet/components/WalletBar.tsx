import { Button, Collapse, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { TProfile } from '@portal/contracts';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DEPOSIT_PARAM, depositAmountOf } from '../../../lib/funds';
import { formatAmount, isAboveZero } from '../../../lib/format';
import { OnceOpened } from '../../../components/OnceOpened';
import { DftTransfer } from './DftTransfer';

// The dialogs (their forms, the QR code, the schemas) load when first opened: every screen shows
// this bar, and they were a third of the dashboard's script (docs/web-performance.md).
const DepositModal = lazy(() => import('./DepositModal').then((m) => ({ default: m.DepositModal })));
const WithdrawModal = lazy(() => import('./WithdrawModal').then((m) => ({ default: m.WithdrawModal })));
const CardTopUpModal = lazy(() => import('./CardTopUpModal').then((m) => ({ default: m.CardTopUpModal })));

/** The header balances of every signed-in screen (spec section 2), and the ways money comes and goes. */
export function WalletBar({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const [deposit, depositModal] = useDisclosure();
  // A Deposit button elsewhere (a purchase the balance is short for) asks for the dialog in the
  // address bar, with the amount missing: `?deposit=1100`.
  const [search, setSearch] = useSearchParams();
  const asked = search.get(DEPOSIT_PARAM);
  const askedAmount = depositAmountOf(asked);
  const closeDeposit = () => {
    depositModal.close();
    if (asked === null) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(DEPOSIT_PARAM);
        return next;
      },
      { replace: true },
    );
  };
  const [withdraw, withdrawModal] = useDisclosure();
  const [card, cardModal] = useDisclosure();
  // On a phone the block is one line (the main balances) that expands to all of them. Read at
  // the first render, so that a phone never first draws the six tiles (a layout shift).
  const phone = useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const [expanded, details] = useDisclosure(false);
  const { balances } = profile;
  const tiles = [
    { key: 'usdt', label: t('balances.usdt'), value: balances.usdt, unit: 'USDT' },
    { key: 'dexnet', label: t('balances.dexnet'), value: balances.dexnet, unit: 'DXN' },
    {
      key: 'dft',
      label: t('balances.dft'),
      value: balances.dft_available,
      unit: 'DFT',
      note: t('balances.dftLocked', { amount: formatAmount(balances.dft_locked) }),
    },
    { key: 'matching', label: t('balances.matching'), value: balances.matching_bonus, unit: 'USDT' },
    { key: 'vp', label: t('balances.vp'), value: balances.vp_bonus, unit: 'USDT' },
    { key: 'other', label: t('balances.other'), value: balances.other_bonuses, unit: 'USDT' },
  ];
  return (
    <Paper withBorder p="sm" mb="md" component="section" aria-label={t('balances.title')}>
      {phone && (
        <UnstyledButton
          onClick={details.toggle}
          aria-expanded={expanded}
          aria-controls="balances-all"
          w="100%"
          data-testid="balances-toggle"
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            {/* Wraps, never cut: a long "All balances" (Tuvan) or large sums hid the DFT balance. */}
            <Text size="sm" fw={700} data-testid="balances-summary">
              {`${formatAmount(balances.usdt)} USDT · ${formatAmount(balances.dexnet)} DXN · ${formatAmount(balances.dft_available)} DFT`}
            </Text>
            <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
              {expanded ? t('balances.hide') : t('balances.showAll')}
            </Text>
          </Group>
        </UnstyledButton>
      )}
      <Collapse expanded={!phone || expanded} id="balances-all" transitionDuration={phone ? 150 : 0}>
        <SimpleGrid cols={{ base: 2, xs: 3, lg: 6 }} spacing="sm" mt={phone ? 'xs' : 0}>
          {tiles.map((tile) => (
            <Stack key={tile.key} gap={2}>
              <Text size="xs" c="dimmed">
                {tile.label}
              </Text>
              <Text fw={700} data-testid={`balance-${tile.key}`}>
                {formatAmount(tile.value)} {tile.unit}
              </Text>
              {tile.note && (
                <Text size="xs" c="dimmed">
                  {tile.note}
                </Text>
              )}
              {tile.key === 'dft' && <DftTransfer profile={profile} />}
            </Stack>
          ))}
        </SimpleGrid>
      </Collapse>
      {/* Outside the fold: on a phone too, a debt is never hidden behind "All balances". */}
      {isAboveZero(balances.debt) && (
        <Text size="sm" fw={700} c="red.9" mt="xs" data-testid="balance-debt">
          {t('balances.debt', { amount: formatAmount(balances.debt) })}
        </Text>
      )}
      <Group mt={phone ? 'xs' : 'sm'} gap="xs">
        <Button size="xs" onClick={depositModal.open} data-testid="open-deposit">
          {t('wallet.deposit.open')}
        </Button>
        <Button size="xs" variant="light" onClick={withdrawModal.open} data-testid="open-withdraw">
          {t('wallet.withdraw.open')}
        </Button>
        <Button size="xs" variant="light" onClick={cardModal.open} data-testid="open-card">
          {t('wallet.card.open')}
        </Button>
      </Group>
      <OnceOpened opened={deposit || asked !== null}>
        <DepositModal
          // A new amount asked for is a new form.
          key={askedAmount ?? ''}
          opened={deposit || asked !== null}
          onClose={closeDeposit}
          initialAmount={askedAmount}
        />
      </OnceOpened>
      <OnceOpened opened={withdraw}>
        <WithdrawModal
          opened={withdraw}
          onClose={withdrawModal.close}
          mfaEnabled={profile.mfa_enabled}
          debt={balances.debt}
        />
      </OnceOpened>
      <OnceOpened opened={card}>
        <CardTopUpModal opened={card} onClose={cardModal.close} />
      </OnceOpened>
    </Paper>
  );
}
