import { Alert, Badge, Box, Group, Stack, Text } from '@mantine/core';
import type { TInvoice } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { profileQuery } from '../../../api/get-profile';
import { CopyValue } from '../../../components/CopyValue';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useKeyInvoiceWindow } from '../api/validator-keys';

const STATUS_COLOR = { pending: 'blue', confirming: 'blue', paid: 'teal', expired: 'gray' } as const;

/**
 * The chain invoice of a reserved key (the wallet's deposit window pattern): the address, the
 * amount and the payment's live status. At the third confirmation the key is paid; its code is
 * then asked for once from "My keys".
 */
export function KeyInvoice({ invoice: created }: { invoice: TInvoice }) {
  const { t } = useTranslation();
  const live = useKeyInvoiceWindow(created.id);
  const queryClient = useQueryClient();
  const invoice = live.data?.invoice ?? { ...created, received: '0', confirmations: 0, hash: null };
  const required = invoice.confirmations_required;
  const paid = invoice.status === 'paid';

  useEffect(() => {
    if (!paid) return;
    void queryClient.invalidateQueries({ queryKey: ['validator-keys'] });
    void queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
  }, [paid, queryClient]);

  return (
    <Stack data-testid="key-invoice">
      <Text size="sm">
        {t('orders.invoice.send', { amount: formatAmount(invoice.amount), currency: invoice.currency })}
      </Text>
      <Box role="img" aria-label={t('orders.invoice.qr')} style={{ alignSelf: 'center' }}>
        <QRCodeSVG value={invoice.address} size={180} marginSize={2} aria-hidden />
      </Box>
      <CopyValue value={invoice.address} testId="key-invoice-address" />
      <Alert color="orange" title={t('orders.invoice.warningTitle')}>
        {t('validatorKeys.invoice.warning', { currency: invoice.currency })}
      </Alert>
      <Group justify="space-between" gap="xs">
        <Badge color={STATUS_COLOR[invoice.status]}>{t(`orders.invoice.status.${invoice.status}`)}</Badge>
        {invoice.hash && (
          <Text size="sm">
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
      {paid && <Alert color="teal">{t('validatorKeys.invoice.paid')}</Alert>}
    </Stack>
  );
}
