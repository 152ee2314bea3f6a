import { Alert, Badge, Box, Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TChainCurrency, type TInvoice, ZInvoiceRequest } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileQuery } from '../../../api/get-profile';
import { CopyValue } from '../../../components/CopyValue';
import { formatAmount, toApiAmount } from '../../../lib/format';
import { showServerErrors, zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useCreateInvoice } from '../api/create-invoice';
import { useDepositWindow } from '../../../api/get-deposit-window';
import { CurrencySwitch } from './CurrencySwitch';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** A USDT amount to start with (a purchase's shortfall, as the address bar carries it). */
  initialAmount?: string | null;
};

/** A deposit on BEP-20: the partner's own address, the amount, and the live status of the payment. */
export function DepositModal({ opened, onClose, initialAmount = null }: Props) {
  const { t } = useTranslation();
  const [invoice, setInvoice] = useState<TInvoice | null>(null);
  const create = useCreateInvoice();
  const form = useForm<{ currency: TChainCurrency; amount: string }>({
    // Written as the reader writes amounts ("1 100,5" in Russian): the field sends it as the API takes it.
    initialValues: { currency: 'USDT', amount: initialAmount ? formatAmount(initialAmount) : '' },
    validate: (values) =>
      zodValidate(ZInvoiceRequest, t)({ purpose: 'deposit', ...values, amount: toApiAmount(values.amount) }),
  });
  const close = () => {
    setInvoice(null);
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((values) =>
    create.mutate(
      { purpose: 'deposit', ...values, amount: toApiAmount(values.amount) },
      { onSuccess: setInvoice, onError: (error) => showServerErrors(form, error, t) },
    ),
  );

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('wallet.deposit.title')}
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {invoice ? (
        <InvoiceView invoice={invoice} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <CurrencySwitch
              value={form.values.currency}
              onChange={(currency) => form.setFieldValue('currency', currency)}
            />
            <TextInput
              label={t('wallet.amount')}
              inputMode="decimal"
              required
              {...form.getInputProps('amount')}
              data-testid="deposit-amount"
            />
            <BepWarning />
            <Button type="submit" loading={create.isPending}>
              {t('wallet.deposit.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function BepWarning() {
  const { t } = useTranslation();
  return (
    <Alert color="orange" title={t('wallet.deposit.warningTitle')}>
      {t('wallet.deposit.warning')}
    </Alert>
  );
}

const STATUS_COLOR = { pending: 'blue', confirming: 'blue', paid: 'teal', expired: 'gray' } as const;
const TRANSFER_COLOR = { confirming: 'blue', credited: 'teal', rejected: 'red' } as const;

/**
 * The window follows the partner's address: the invoice (paid by a transfer of its exact amount,
 * or by the newest waiting one a transfer covers; a smaller one shows as received X of Y), and every
 * transfer to the address with its confirmations. Each credit refreshes the header balances.
 */
function InvoiceView({ invoice: created }: { invoice: TInvoice }) {
  const { t } = useTranslation();
  const live = useDepositWindow(created.id);
  const queryClient = useQueryClient();
  const credited = useRef(new Set<string>());
  const invoice = live.data?.invoice ?? { ...created, received: '0', confirmations: 0, hash: null };
  const transfers = useMemo(() => live.data?.transfers ?? [], [live.data]);
  const required = invoice.confirmations_required;
  const received = /[1-9]/.test(invoice.received);

  useEffect(() => {
    const fresh = transfers.filter(
      (transfer) =>
        transfer.status === 'credited' && !credited.current.has(`${transfer.hash}:${transfer.log_index}`),
    );
    if (fresh.length === 0) return;
    for (const transfer of fresh) {
      credited.current.add(`${transfer.hash}:${transfer.log_index}`);
      notify.success(
        t('wallet.deposit.credited', { amount: formatAmount(transfer.amount), currency: transfer.currency }),
      );
    }
    void queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
  }, [transfers, queryClient, t]);

  return (
    <Stack>
      <Text size="sm">
        {t('wallet.deposit.send', { amount: formatAmount(invoice.amount), currency: invoice.currency })}
      </Text>
      <Box role="img" aria-label={t('wallet.deposit.qr')} style={{ alignSelf: 'center' }}>
        <QRCodeSVG value={invoice.address} size={180} marginSize={2} aria-hidden />
      </Box>
      <CopyValue value={invoice.address} testId="deposit-address" />
      <BepWarning />
      <Group justify="space-between" gap="xs">
        <Badge color={STATUS_COLOR[invoice.status]} data-testid="deposit-status">
          {t(`wallet.invoiceStatus.${invoice.status}`)}
        </Badge>
        {invoice.hash && (
          <Text size="sm" data-testid="deposit-confirmations">
            {t('wallet.deposit.confirmations', {
              count: Math.min(invoice.confirmations, required),
              required,
            })}
          </Text>
        )}
      </Group>
      {invoice.status === 'pending' && received && (
        <Alert color="orange" data-testid="deposit-received">
          {t('wallet.deposit.received', {
            received: formatAmount(invoice.received),
            amount: formatAmount(invoice.amount),
            currency: invoice.currency,
          })}
        </Alert>
      )}
      <Stack gap={6} component="section" aria-label={t('wallet.deposit.transfers')}>
        <Text size="sm" fw={600}>
          {t('wallet.deposit.transfers')}
        </Text>
        {transfers.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('wallet.deposit.noTransfers')}
          </Text>
        ) : (
          transfers.map((transfer) => (
            <Paper
              key={`${transfer.hash}:${transfer.log_index}`}
              withBorder
              p="xs"
              data-testid="deposit-transfer"
            >
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm" fw={600}>
                  {formatAmount(transfer.amount)} {transfer.currency}
                </Text>
                <Badge color={TRANSFER_COLOR[transfer.status]} variant="light">
                  {t(`wallet.deposit.transferStatus.${transfer.status}`)}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {t('wallet.deposit.confirmations', {
                  count: Math.min(transfer.confirmations, required),
                  required,
                })}
                {transfer.invoice_id === invoice.id
                  ? ` · ${t('wallet.deposit.paysThis')}`
                  : transfer.invoice_id
                    ? ` · ${t('wallet.deposit.paysOther')}`
                    : transfer.status === 'credited'
                      ? ` · ${t('wallet.deposit.toBalance')}`
                      : ''}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t('wallet.hash', { hash: transfer.hash })}
              </Text>
            </Paper>
          ))
        )}
      </Stack>
    </Stack>
  );
}
