import { Alert, Badge, Box, Group, Stack, Text } from '@mantine/core';
import type { TInvoice } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDepositWindow } from '../../api/get-deposit-window';
import { profileQuery } from '../../api/get-profile';
import { formatAmount, formatDateTime } from '../../lib/format';
import { CopyValue } from '../CopyValue';

const STATUS_COLOR = { pending: 'blue', confirming: 'blue', paid: 'teal', expired: 'gray' } as const;

/**
 * The chain invoice of something bought (an order, a validator key; the wallet's deposit window
 * pattern): the partner's address and the amount, and the payment's live status. At the third
 * confirmation the deposit is credited and the purchase paid from it; the queries under
 * `refreshes` (their key's first part) and the header balances are read again. Test ids start with `testId` (`<testId>-status`...).
 */
export function ChainInvoice({
  invoice: created,
  testId,
  warning,
  paidMessage,
  refreshes,
}: {
  invoice: TInvoice;
  testId: string;
  warning: ReactNode;
  paidMessage: ReactNode;
  refreshes: string;
}) {
  const { t } = useTranslation();
  const live = useDepositWindow(created.id);
  const queryClient = useQueryClient();
  const invoice = live.data?.invoice ?? { ...created, received: '0', confirmations: 0, hash: null };
  const required = invoice.confirmations_required;
  const paid = invoice.status === 'paid';
  const received = /[1-9]/.test(invoice.received);

  useEffect(() => {
    if (!paid) return;
    void queryClient.invalidateQueries({ queryKey: [refreshes] });
    void queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
  }, [paid, refreshes, queryClient]);

  return (
    <Stack data-testid={testId}>
      <Text size="sm">
        {t('orders.invoice.send', { amount: formatAmount(invoice.amount), currency: invoice.currency })}
      </Text>
      <Box role="img" aria-label={t('orders.invoice.qr')} style={{ alignSelf: 'center' }}>
        <QRCodeSVG value={invoice.address} size={180} marginSize={2} aria-hidden />
      </Box>
      <CopyValue value={invoice.address} testId={`${testId}-address`} />
      <Alert color="orange" title={t('orders.invoice.warningTitle')}>
        {warning}
      </Alert>
      <Group justify="space-between" gap="xs">
        <Badge color={STATUS_COLOR[invoice.status]} data-testid={`${testId}-status`}>
          {t(`orders.invoice.status.${invoice.status}`)}
        </Badge>
        {invoice.hash && (
          <Text size="sm" data-testid={`${testId}-confirmations`}>
            {t('orders.invoice.confirmations', {
              count: Math.min(invoice.confirmations, required),
              required,
            })}
          </Text>
        )}
      </Group>
      {invoice.status === 'pending' && (
        <Text size="xs" c="dimmed">
          {t('orders.invoice.until', { date: formatDateTime(invoice.expires_at) })}
        </Text>
      )}
      {invoice.status === 'pending' && received && (
        <Alert color="orange" data-testid={`${testId}-received`}>
          {t('orders.invoice.received', {
            received: formatAmount(invoice.received),
            amount: formatAmount(invoice.amount),
            currency: invoice.currency,
          })}
        </Alert>
      )}
      {paid && (
        <Alert color="teal" data-testid={`${testId}-paid`}>
          {paidMessage}
        </Alert>
      )}
    </Stack>
  );
}
