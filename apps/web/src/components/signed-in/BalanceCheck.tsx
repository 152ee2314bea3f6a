import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useProfile } from '../../api/get-profile';
import { fundsFor, type TFunds, withDeposit } from '../../lib/funds';
import { formatAmount } from '../../lib/format';

/** The USDT balance against a payment of `price` (a decimal string), from the profile. */
export function useFunds(price: string): TFunds {
  const profile = useProfile();
  return fundsFor(profile.data?.balances.usdt ?? null, price);
}

/**
 * Before Pay: the balance, the price and, when the balance is short, by how much, with a Deposit
 * button that opens the deposit dialog for the shortfall (the signed-in shell's WalletBar).
 * `onDeposit` runs first (a dialog closes itself, so that the deposit dialog is the one open).
 */
export function BalanceCheck({
  funds,
  onDeposit,
  testId = 'balance-check',
}: {
  funds: TFunds;
  onDeposit?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  if (funds.balance === null) return null;
  return (
    <Stack gap={4} data-testid={testId}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" data-testid={`${testId}-balance`}>
          {t('wallet.funds.balance', { amount: formatAmount(funds.balance) })}
        </Text>
        <Text size="sm" data-testid={`${testId}-price`}>
          {t('wallet.funds.price', { amount: formatAmount(funds.price) })}
        </Text>
      </Group>
      {funds.shortfall !== null ? (
        <Alert
          color="orange"
          variant="light"
          p="sm"
          title={t('messages.insufficientFundsShort')}
          data-testid={`${testId}-short`}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm" fw={600}>
              {t('wallet.funds.short', { amount: formatAmount(funds.shortfall) })}
            </Text>
            <Button
              size="xs"
              component={Link}
              to={{ pathname, search: withDeposit(search, funds.shortfall) }}
              onClick={onDeposit}
              data-testid={`${testId}-deposit`}
            >
              {t('wallet.funds.deposit', { amount: formatAmount(funds.shortfall) })}
            </Button>
          </Stack>
        </Alert>
      ) : (
        funds.after !== null && (
          <Text size="xs" c="dimmed" data-testid={`${testId}-after`}>
            {t('wallet.funds.after', { amount: formatAmount(funds.after) })}
          </Text>
        )
      )}
    </Stack>
  );
}
