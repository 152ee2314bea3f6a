import { Alert, Badge, Box, Group, Stack, Text } from '@mantine/core';
import type { TInvoice } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { profileQuery } from '../../../api/get-profile';
import { CopyValue } from '../../../components/CopyValue';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useOrderInvoiceWindow } from '../api/get-deposit-window';

const STATUS_COLOR = { pending: 'blue', confirming: 'blue', paid: 'teal', expired: 'gray' } as const;

/**
 * The chain invoice of an order (the pattern of the wallet's deposit window): the partner's
 * address and the amount, and the payment's live status. At the third confirmation the deposit
 * is credited and the order paid from it; the orders and the header balances are read again.
 */
export function OrderInvoice({ invoice: created }: { invoice: TInvoice }) {
  const { t } = useTranslation();
  const live = useOrderInvoiceWindow(created.id);
  const queryClient = useQueryClient();
  const invoice = live.data?.invoice ?? { ...created, received: '0', confirmations: 0, hash: null };
  const required = invoice.confirmations_required;
  const paid = invoice.status === 'paid';
  const received = /[1-9]/.test(invoice.received);

  useEffect(() => {
    if (!paid) return;
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
    void queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
  }, [paid, queryClient]);

  return (
    <Stack data-testid="order-invoice">
      <Text size="sm">
        {t('orders.invoice.send', { amount: formatAmount(invoice.amount), currency: invoice.currency })}
      </Text>
      <Box role="img" aria-label={t('orders.invoice.qr')} style={{ alignSelf: 'center' }}>
        <QRCodeSVG value={invoice.address} size={180} marginSize={2} aria-hidden />
      </Box>
      <CopyValue value={invoice.address} testId="order-invoice-address" />
      <Alert color="orange" title={t('orders.invoice.warningTitle')}>
        {t('orders.invoice.warning')}
      </Alert>
      <Group justify="space-between" gap="xs">
        <Badge color={STATUS_COLOR[invoice.status]} data-testid="order-invoice-status">
          {t(`orders.invoice.status.${invoice.status}`)}
        </Badge>
        {invoice.hash && (
          <Text size="sm" data-testid="order-invoice-confirmations">
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
        <Alert color="orange" data-testid="order-invoice-received">
          {t('orders.invoice.received', {
            received: formatAmount(invoice.received),
            amount: formatAmount(invoice.amount),
            currency: invoice.currency,
          })}
        </Alert>
      )}
      {paid && (
        <Alert color="teal" data-testid="order-invoice-paid">
          {t('orders.invoice.paid')}
        </Alert>
      )}
    </Stack>
  );
}
